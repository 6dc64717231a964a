# The game's choices are read from the registry when asked (games.registry.game_choices),
# so a new game needs no migration of its own. No database change.

from django.db import migrations, models

import games.registry


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_session_start_key_last_played"),
    ]

    operations = [
        migrations.AlterField(
            model_name="gamesession",
            name="game",
            field=models.CharField(choices=games.registry.game_choices, max_length=30),
        ),
    ]
