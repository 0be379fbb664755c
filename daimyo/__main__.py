"""`python -m daimyo` runs the `daimyo` command."""

from daimyo.cli.main import main

if __name__ == "__main__":
    main()
