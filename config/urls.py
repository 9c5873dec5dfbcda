from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

handler400 = "records.errors.bad_request"
handler404 = "records.errors.not_found"
handler500 = "records.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("records.urls")),
    path("api/v1/", include("analytics.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path(
        "api/redoc/", SpectacularRedocView.as_view(url_name="schema", template_name="records/redoc.html"), name="redoc"
    ),
    path("api-auth/", include("rest_framework.urls")),
    # The web app (records.web, analytics.web): pages over the same services and selectors.
    path("", include("records.web.urls")),
    path("", include("analytics.web.urls")),
]
