#!/bin/sh
# Small requests per second the emulator serves over keep-alive, measured with wrk:
# events.get of one event and the calendar list, 2 wrk threads, 8 connections, 10 s each.
# Run from the project root: make bench-emulator
set -eu
swift build -c release --experimental-lto-mode=full --product google-emulator >/dev/null
port=18600
.build/release/google-emulator --port $port >/tmp/clerk-bench-emulator.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
sleep 1
base=http://127.0.0.1:$port
token=$(curl -s -X POST $base/_emulator/token -d '{}' | sed 's/.*"access_token":"\([^"]*\)".*/\1/')
curl -s -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  $base/calendar/v3/calendars/primary/events \
  -d '{"id":"bench0001","summary":"Bench","start":{"dateTime":"2026-03-05T13:00:00Z"},"end":{"dateTime":"2026-03-05T14:00:00Z"}}'
for path in /calendar/v3/calendars/primary/events/bench0001 /calendar/v3/users/me/calendarList; do
  printf '%s\t' "$path"
  wrk -t2 -c8 -d10s -H "Authorization: Bearer $token" "$base$path" | awk '/Requests\/sec/ {print $2 " requests/s"}'
done
