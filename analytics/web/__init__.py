"""The web app's pages of numbers: the home page, a club's home, a player's and a game's pages
(see :mod:`records.web` for the rest of the web app)."""
