"""Systems: the consequences that follow every command, run in one fixed order."""
