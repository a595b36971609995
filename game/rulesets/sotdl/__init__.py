"""The house-ruled Shadow of the Demon Lord combat (../shared/rules/sotdl-house.md) in one folder:
rules, door, content, computer, query answers and screen adapter."""
