"""The ``daimyo`` command line. Only this package (and the bots) may use click and rich."""
