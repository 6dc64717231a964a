"""The group's figures: a player's statistics, standings, streaks, charts, the result card."""
