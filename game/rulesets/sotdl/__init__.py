"""The house-ruled Shadow of the Demon Lord combat (../shared/rules/sotdl-house.md): one folder, rules, door, content, computer."""
