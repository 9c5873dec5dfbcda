"""The web app's pages of records: each module lists its own routes."""

from records.web import accounts, clubs, plays, recording

urlpatterns = [*accounts.urlpatterns, *clubs.urlpatterns, *recording.urlpatterns, *plays.urlpatterns]
