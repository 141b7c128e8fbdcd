"""The results desk (`paibang desk`): score entry from the tables' phones, live standings, a
screen for the hall. See ../shared/spec/event-day.md, "The results desk".

store.py   tokens, the audit log, round-trip writes of a results file
forms.py   each game's entry form: fields -> record, checked by the game's own reader and scorer
app.py     the Starlette application: access, CSRF, limits, pages, server-sent events, rebuilds
"""
