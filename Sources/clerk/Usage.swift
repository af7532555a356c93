/// The text of `clerk --help`.
enum Usage {
    static let text = """
        clerk — a calendar, contacts and files assistant for the terminal

        Usage:
          clerk                      talk to clerk (one request per line when piped)
          clerk WORDS…               answer one request: clerk "what's on tomorrow"
          clerk parse PHRASE         show how a phrase is read, changing nothing
          clerk parse --jsonl        read {"id","text","now","tz"} lines, write one reading per line
          clerk import FILE.ics|FILE.vcf [--calendar NAME]
          clerk export [--calendar NAME]

        Options:
          --now YYYY-MM-DDTHH:MM[:SS]  the clock to use (for reproducible runs)
          --tz ZONE                    time zone: an IANA name (Europe/Madrid) or ±HH:MM
          --data-dir DIR               keep store, config, tokens and history in DIR
          --backend local|google       where data lives (default local)
          --google-endpoint URL        send Google requests to URL (an emulator)
          --yes                        answer yes to every yes-or-no question
          --json                       one JSON object per answer
          --verbose                    show requests and responses on stderr (secrets hidden)
          --help, --version

        Exit codes: 0 success, 1 a request failed, 2 usage error.
        """
}
