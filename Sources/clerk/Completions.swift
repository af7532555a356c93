import FoundationEssentials
import ClerkCore

/// The completion scripts of `clerk completions bash|zsh|fish`, made from
/// `CommandLineTable`: the command words, the options (those of a command only with it, or
/// before any command word), and what each value takes — the backends, the IANA zone
/// names, folders, `.ics`/`.vcf` files after `import`, and the calendar names of the store
/// the line names, asked of `clerk completions calendars` at completion time.
///
/// Each script finds the command word the same way clerk does: the first word before the
/// cursor that is neither an option nor an option's value, options ending at `--`. The
/// options that choose the store (`--data-dir`, `--backend`) are passed on to the lookup,
/// so it reads the store the line would open.
enum Completions {
    enum Shell: String, CaseIterable, Sendable {
        case bash
        case zsh
        case fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    // MARK: The table, as the scripts need it

    /// The options that pick the store the calendar lookup must read.
    static let storeOptions = ["--data-dir", "--backend"]

    private static var valueOptions: [String] { CommandLineTable.options.filter(\.takesValue).map(\.name) }
    private static var otherValueOptions: [String] { valueOptions.filter { !storeOptions.contains($0) } }
    private static var options: [OptionSpec] { CommandLineTable.visibleOptions }
    private static var commandWords: [String] { CommandLineTable.commands.map(\.word) }

    /// The option names offered with `command` ("" before any command word), as the shells'
    /// `case` patterns group them: every command word with the same options shares a branch.
    private static var optionsByCommand: [(pattern: [String], names: [String])] {
        var branches: [(pattern: [String], names: [String])] = [([""], CommandLineTable.options(for: nil).map(\.name))]
        for word in commandWords {
            let names = CommandLineTable.options(for: word).map(\.name)
            if let index = branches.firstIndex(where: { $0.names == names }) {
                branches[index].pattern.append(word)
            } else {
                branches.append(([word], names))
            }
        }
        return branches
    }

    private static func argumentCompletion(of word: String) -> Completion {
        CommandLineTable.command(word)?.completion ?? .nothing
    }

    /// Single-quoted for sh, bash and zsh.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }

    // MARK: bash

    static var bash: String {
        var valueCases: [String] = []
        for option in options where option.takesValue {
            let body: String
            switch option.completion {
            case .nothing: body = "return"
            case .timeZones: body = "_clerk_offer $_clerk_zones; return"
            case .folders: body = "_clerk_folders; return"
            case .files(let extensions): body = "_clerk_files \(extensions.joined(separator: " ")); return"
            case .words(let words): body = "_clerk_offer \(words.joined(separator: " ")); return"
            case .calendars: body = "_clerk_calendars; return"
            }
            valueCases.append("        \(option.name)) \(body) ;;")
        }
        let optionCases = optionsByCommand.map { branch in
            "            \(branch.pattern.map { $0.isEmpty ? "''" : $0 }.joined(separator: "|"))) _clerk_offer \(branch.names.joined(separator: " ")) ;;"
        }
        var argumentCases: [String] = []
        for word in commandWords {
            switch argumentCompletion(of: word) {
            case .nothing, .calendars, .timeZones: continue
            case .folders: argumentCases.append("        \(word)) ((count == 1)) && _clerk_folders ;;")
            case .files(let extensions): argumentCases.append("        \(word)) ((count == 1)) && _clerk_files \(extensions.joined(separator: " ")) ;;")
            case .words(let words): argumentCases.append("        \(word)) ((count == 1)) && _clerk_offer \(words.joined(separator: " ")) ;;")
            }
        }
        return """
            # bash completion for clerk                                 -*- shell-script -*-
            # Made by `clerk completions bash` from clerk's table of options. Install it as
            # ~/.local/share/bash-completion/completions/clerk, or source it from ~/.bashrc.

            _clerk_zones=\(quoted(CommandLineTable.timeZoneNames.joined(separator: " ")))

            # A word as clerk will get it: quotes and backslashes removed, a leading ~ expanded.
            _clerk_dequote() {
                local word=$1
                case $word in
                    \\'*\\') word=${word:1:${#word}-2} ;;
                    \\"*\\") word=${word:1:${#word}-2} ;;
                    *) word=${word//\\\\/} ;;
                esac
                [[ $word == "~"* ]] && word=$HOME${word:1}
                printf '%s' "$word"
            }

            # COMPREPLY: the words given that start with the word being completed.
            _clerk_offer() {
                local IFS=$'\\n'
                COMPREPLY=($(compgen -W "$*" -- "$cur"))
            }

            _clerk_folders() {
                local IFS=$'\\n'
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$cur"))
            }

            # Folders, and the files with these extensions.
            _clerk_files() {
                local IFS=$'\\n' extension
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$cur"))
                for extension in "$@"; do
                    COMPREPLY+=($(compgen -f -X "!*.$extension" -- "$cur") $(compgen -f -X "!*.${extension^^}" -- "$cur"))
                done
            }

            # The calendar names of the store the line names, from clerk itself (no sync).
            _clerk_calendars() {
                local name plain program
                local -a names=()
                plain=$(_clerk_dequote "$cur")
                program=$(_clerk_dequote "${COMP_WORDS[0]}")
                mapfile -t names < <("$program" "${forwarded[@]}" completions calendars 2>/dev/null)
                COMPREPLY=()
                for name in "${names[@]}"; do
                    [[ $name == "$plain"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
                done
            }

            _clerk() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                local i word command='' pending='' count=0 skip=0 ended=0
                local -a forwarded=()
                # bash splits --option=value at '=': the option is then the word before it.
                if [[ $cur == = ]]; then
                    cur=''
                elif [[ $prev == = ]]; then
                    prev=${COMP_WORDS[COMP_CWORD-2]}
                fi

                # The command word, and the options that pick the store, before the cursor.
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    if ((skip)); then
                        [[ $word == = ]] && continue
                        skip=0
                        [[ -n $pending ]] && forwarded+=("$pending=$(_clerk_dequote "$word")")
                        continue
                    fi
                    if ((!ended)) && [[ $word == --* ]]; then
                        case $word in
                            --) ended=1 ;;
                            \(storeOptions.joined(separator: "|"))) pending=$word; skip=1 ;;
                            \(otherValueOptions.joined(separator: "|"))) pending=''; skip=1 ;;
                            \(storeOptions.map { "\($0)=*" }.joined(separator: "|"))) forwarded+=("${word%%=*}=$(_clerk_dequote "${word#*=}")") ;;
                        esac
                        continue
                    fi
                    [[ -z $command ]] && command=$word
                    count=$((count + 1))
                done

                case $prev in
            \(valueCases.joined(separator: "\n"))
                esac

                if ((!ended)) && [[ $cur == -* ]]; then
                    case $command in
            \(optionCases.joined(separator: "\n"))
                        *) _clerk_offer \(options.filter(\.commands.isEmpty).map(\.name).joined(separator: " ")) ;;
                    esac
                    return
                fi
                if [[ -z $command ]]; then
                    _clerk_offer \(commandWords.joined(separator: " "))
                    return
                fi
                case $command in
            \(argumentCases.joined(separator: "\n"))
                esac
            }

            complete -F _clerk clerk

            """
    }

    // MARK: zsh

    /// Escapes what `_arguments` reads in an option's description or message.
    private static func zshSpecText(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "[]:\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// The zsh command that offers what `completion` says.
    private static func zshCommand(_ completion: Completion) -> String {
        switch completion {
        case .nothing: return ""
        case .timeZones: return "compadd -a zones"
        case .folders: return "_files -/"
        case .files(let extensions): return "_files -g \"*.(\(extensions.flatMap { [$0, $0.uppercased()] }.joined(separator: "|")))\""
        case .words(let words): return "compadd -- \(words.joined(separator: " "))"
        case .calendars: return "_clerk_calendars"
        }
    }

    /// An `_arguments` action: a space for nothing to offer, else the command to run.
    private static func zshAction(_ completion: Completion) -> String {
        completion == .nothing ? " " : "{\(zshCommand(completion))}"
    }

    private static func zshSpec(_ option: OptionSpec) -> String {
        let description = "[\(zshSpecText(option.summary))]"
        guard let placeholder = option.placeholder else { return quoted(option.name + description) }
        return quoted("\(option.name)=\(description):\(zshSpecText(placeholder)):\(zshAction(option.completion))")
    }

    static var zsh: String {
        let global = options.filter(\.commands.isEmpty).map { "    " + zshSpec($0) }
        let scoped = optionsByCommand.map { branch in
            let specs = options.filter { !$0.commands.isEmpty && branch.names.contains($0.name) }.map(zshSpec)
            return "    (\(branch.pattern.map { $0.isEmpty ? "''" : $0 }.joined(separator: "|"))) options+=(\(specs.joined(separator: " "))) ;;"
        }
        let described = CommandLineTable.commands.map { quoted("\($0.word):\($0.forms[0].summary.replacingEvery(":", with: "\\:"))") }
        var argumentCases: [String] = []
        for word in commandWords {
            let completion = argumentCompletion(of: word)
            guard completion != .nothing else { continue }
            argumentCases.append("        (\(word)) (( ${#line} <= 2 )) && \(zshCommand(completion)) ;;")
        }
        return """
            #compdef clerk
            # zsh completion for clerk. Made by `clerk completions zsh` from clerk's table of
            # options. Install it as _clerk in a folder of $fpath (before compinit runs), for
            # example ~/.local/share/zsh/site-functions/_clerk.

            # A word as clerk will get it: quotes removed, a leading ~ expanded.
            _clerk_dequote() {
              REPLY=${(Q)1}
              [[ $REPLY == '~'* ]] && REPLY=$HOME${REPLY#\\~}
            }

            # The calendar names of the store the line names, from clerk itself (no sync).
            _clerk_calendars() {
              local -a forwarded names
              local program
              integer i
              for (( i = 2; i < CURRENT; i++ )); do
                case $words[i] in
                  (\(storeOptions.joined(separator: "|")))
                    _clerk_dequote "$words[i+1]"; forwarded+=("$words[i]=$REPLY") ;;
                  (\(storeOptions.map { "\($0)=*" }.joined(separator: "|")))
                    _clerk_dequote "${words[i]#*=}"; forwarded+=("${words[i]%%=*}=$REPLY") ;;
                esac
              done
              _clerk_dequote "$words[1]"; program=$REPLY
              names=("${(@f)$("$program" $forwarded completions calendars 2>/dev/null)}")
              names=(${names:#})
              compadd -a names
            }

            _clerk() {
              local curcontext=$curcontext state state_descr line command word
              typeset -A opt_args
              integer i skip=0 ended=0
              local -a zones
              zones=(\(CommandLineTable.timeZoneNames.joined(separator: " ")))
              local -a commands
              commands=(\(described.joined(separator: " ")))

              # The command word before the cursor, so a command's own options go with it.
              for (( i = 2; i < CURRENT; i++ )); do
                word=$words[i]
                if (( skip )); then skip=0; continue; fi
                if (( ! ended )) && [[ $word == --* ]]; then
                  case $word in
                    (--) ended=1 ;;
                    (\(valueOptions.joined(separator: "|"))) skip=1 ;;
                  esac
                  continue
                fi
                [[ -z $command ]] && command=$word
              done

              local -a options
              options=(
            \(global.joined(separator: "\n"))
              )
              case $command in
            \(scoped.joined(separator: "\n"))
              esac

              _arguments -C -S : $options '1: :->command' '*: :->argument' && return 0
              case $state in
                (command) _describe -t commands 'clerk command' commands ;;
                (argument)
                  case $command in
            \(argumentCases.joined(separator: "\n"))
                  esac ;;
              esac
            }

            _clerk "$@"

            """
    }

    // MARK: fish

    /// Single-quoted for fish (which escapes only `\\` and `'` inside).
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }

    private static func fishArguments(_ completion: Completion) -> String {
        switch completion {
        case .nothing: return ""
        case .timeZones: return " -a " + fishQuoted(CommandLineTable.timeZoneNames.joined(separator: " "))
        case .folders: return " -a '(__fish_complete_directories)'"
        case .files(let extensions): return " -a " + fishQuoted("(__clerk_files \(extensions.joined(separator: " ")))")
        case .words(let words): return " -a " + fishQuoted(words.joined(separator: " "))
        case .calendars: return " -a '(__clerk_calendars)'"
        }
    }

    static var fish: String {
        var lines: [String] = []
        for command in CommandLineTable.commands {
            lines.append("complete -c clerk -n __clerk_needs_command -a \(command.word) -d \(fishQuoted(command.forms[0].summary))")
        }
        for option in options {
            let name = option.name.dropFirst(2)
            let condition = option.commands.isEmpty ? "" : " -n " + fishQuoted("__clerk_option_fits " + option.commands.joined(separator: " "))
            let value = option.takesValue ? " -x" + fishArguments(option.completion) : ""
            lines.append("complete -c clerk -l \(name)\(condition)\(value) -d \(fishQuoted(option.summary))")
        }
        for word in commandWords {
            let completion = argumentCompletion(of: word)
            guard completion != .nothing else { continue }
            lines.append("complete -c clerk -n \(fishQuoted("__clerk_argument_of " + word))\(fishArguments(completion))")
        }
        return """
            # fish completion for clerk. Made by `clerk completions fish` from clerk's table of
            # options. Install it as ~/.config/fish/completions/clerk.fish.

            # The words of the line before the cursor, then, one per line: the command word
            # (or an empty line), and the options that pick the store.
            function __clerk_scan
                set -l tokens (commandline -opc)
                set -e tokens[1]
                set -l command ''
                set -l forwarded
                set -l pending ''
                set -l skip 0
                set -l ended 0
                set -l count 0
                for token in $tokens
                    if test $skip = 1
                        set skip 0
                        test -n "$pending"; and set -a forwarded "$pending="(string replace -r '^~' -- $HOME $token)
                        continue
                    end
                    if test $ended = 0; and string match -q -- '--*' $token
                        switch $token
                            case --
                                set ended 1
                            case \(storeOptions.joined(separator: " "))
                                set pending $token
                                set skip 1
                            case \(otherValueOptions.joined(separator: " "))
                                set pending ''
                                set skip 1
                            case \(storeOptions.map { "'\($0)=*'" }.joined(separator: " "))
                                set -a forwarded (string replace -r -- '=~' "=$HOME" $token)
                        end
                        continue
                    end
                    test -z "$command"; and set command $token
                    set count (math $count + 1)
                end
                echo $command
                echo $count
                printf '%s\\n' $forwarded
            end

            function __clerk_needs_command
                set -l scan (__clerk_scan)
                test -z "$scan[1]"
            end

            # An option of these commands: offered with them, or before any command word.
            function __clerk_option_fits
                set -l scan (__clerk_scan)
                test -z "$scan[1]"; or contains -- $scan[1] $argv
            end

            # The word right after this command word.
            function __clerk_argument_of
                set -l scan (__clerk_scan)
                test "$scan[1]" = $argv[1]; and test $scan[2] = 1
            end

            # Folders, and the files with these extensions.
            function __clerk_files
                set -l current (commandline -ct)
                for path in $current*
                    if test -d $path
                        echo $path/
                    else
                        for extension in $argv
                            string match -qi -- "*.$extension" $path; and echo $path
                        end
                    end
                end
            end

            # The calendar names of the store the line names, from clerk itself (no sync).
            function __clerk_calendars
                set -l tokens (commandline -opc)
                set -l scan (__clerk_scan)
                command $tokens[1] $scan[3..-1] completions calendars 2>/dev/null
            end

            complete -c clerk -f
            \(lines.joined(separator: "\n"))

            """
    }
}
