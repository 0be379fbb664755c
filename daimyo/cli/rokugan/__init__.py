"""Battle for Rokugan at the command line: its commands (``daimyo rokugan``), the terminal game and its words."""
