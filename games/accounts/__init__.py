"""Accounts, links and limits: guests, share and group links, players' renames, throttles, login failures."""
