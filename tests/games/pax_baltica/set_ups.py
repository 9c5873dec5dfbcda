"""The scenarios' set-ups as the rulebook prints them (12.1 to 12.5): each territory's blocks."""

#: 12.3's set-up as the rulebook prints it: the Swedish side's blocks (Sweden and the Poles
#: of Stanislaw), then Russia's.
NEXT_STOP_MOSCOW_SWEDES = {
    "Lausitz": {"Karl XII", "Kronoberg", "Dalregementet"},
    "Sachsen": {"Rehnskiold"},
    "Pommern": {"Pommerska", "Ostgota"},
    "Livland": {"Lewenhaupt"},
    "Mazowsze": {"Lubomirski"},
    "Krakow": {"Sobieski", "Oginski"},
    "Karelen": {"Vellinck"},
    "Skane": {"Sodra Skanska"},
    "Smaland": {"Wachtmeister", "Wattrang"},
}
NEXT_STOP_MOSCOW_RUSSIANS = {
    "Rus Biala": {"Sjeremetev"},
    "Lietuva": {"Repnin"},
    "Plock": {"Mensjikov"},
    "Velikaya": {"Ogilvy"},
    "Moskva": {"Pjotr I"},
    "Nyen": {"Schnwentz"},
    "Smolensk": {"Woronjetski"},
}

#: 12.1 and 12.2 share one.
GRAND_CAMPAIGN = {
    "Vastergotland": {"Elfsborg", "Kronoberg"},
    "Skane": {"Karl XII", "Sodra Skanska", "Dalregementet"},
    "Pommern": {"Pommerska", "Ostgota"},
    "Estland": {"Vellinck", "Estlandska"},
    "Southern Baltic Sea": {"Wachtmeister", "Wattrang"},
    "Ingermanland": {"Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski"},
    "Novgorod": {"Repnin"},
    "Livland": {"Flemming", "August II"},
}
#: Every scenario's.
SET_UPS = {
    "12.1": GRAND_CAMPAIGN,
    "12.2": GRAND_CAMPAIGN,
    "12.3": {**NEXT_STOP_MOSCOW_SWEDES, **NEXT_STOP_MOSCOW_RUSSIANS},
    "12.4": {
        "Vastergotland": {"Elfsborg"},
        "Besarabya": {"Karl XII"},
        "Smaland": {"Rehnskiold"},
        "Nyland": {"Vellinck"},
        "Pommern": {"Pommerska", "Ostgota"},
        "Southern Baltic Sea": {"Wachtmeister", "Wattrang"},
        "Moskva": {"Pjotr I"},
        "Karelen": {"Golitsyn"},
        "Livland": {"Mensjikov", "Sjeremetev"},
        "Sivershchyna": {"Kazanski"},
        "Nyen": {"Stubinski", "Botsis"},
        "Poltava": {"Cossacks"},
        "Sjaelland": {"Frederik IV"},
        "Jylland": {"Rantzau"},
        "Akershus": {"Bergenhus", "Prins Christian"},
        "Skane": {"Reventlov", "Fynske"},
        "Kattegat": {"Tordenskiold", "Juel"},
        "Lausitz": {"August II"},
        "Mazowsze": {"Lubomirski"},
    },
    "12.5": {
        "Vastergotland": {"Karl XII"},
        "Jamtland": {"Elfsborg", "Savolax"},
        "Baltic Sea": {"Wattrang"},
        "Akershus": {"Bergenhus", "Prins Christian"},
        "Kattegat": {"Tordenskiold"},
    },
}
