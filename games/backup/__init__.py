"""Records and backups: the session record (import, export), CSV, the Trash."""
