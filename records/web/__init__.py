"""The club's web app: server-rendered pages over the same services and selectors as the API.

A page reads with :mod:`records.selectors` and writes with :mod:`records.services` and
:mod:`records.memberships`, exactly as the API does; :mod:`records.web.access` finds what a
request may see, with the API's rules (a private club's pages are 404 to outsiders).
"""
