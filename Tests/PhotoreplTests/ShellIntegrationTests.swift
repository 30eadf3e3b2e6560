import Foundation
import Testing

/// photorepl in the shells and `man`: the completion scripts it prints, loaded by bash, zsh and
/// fish, and its manual page rendered by man without a warning; and --version's commit.
@Suite struct ShellIntegrationTests {
    /// What bash's completion function offers for each partial command line (the last word is the
    /// one being completed), run in the package's folder.
    func bashOffers(_ lines: [[String]]) throws -> [String] {
        let script = try Binary.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let path = try Binary.script(script.stdout, name: "photorepl.bash")
        var driver = "source '\(path)'\n"
        for words in lines {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            driver += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=(); _photorepl; echo \"${COMPREPLY[*]}\"\n"
        }
        let bash = try Binary.runProgram("/bin/bash", ["--norc", "--noprofile", "-c", driver])
        #expect(bash.status == 0, "\(bash.stderr)")
        // Each line's offers sorted: files come in the folder's order.
        return bash.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: " ").sorted().joined(separator: " ") }
    }

    @Test func bashCompletesCommandsOptionsTheirValuesAndFiles() throws {
        let offers = try bashOffers([
            ["photorepl", "he"],
            // The main argument is a photo or a folder to browse.
            ["photorepl", "Examples/pho"],
            ["photorepl", "Examples/photos/sun"],
            ["photorepl", "--so"],
            ["photorepl", "--source", ""],
            ["photorepl", "--source=f"],
            ["photorepl", "--source", "=", "u"],  // bash's own split at '=' (COMP_WORDBREAKS)
            ["photorepl", "--preview", "k"],
            ["photorepl", "--layout", ""],
            ["photorepl", "run", "--k"],
            ["photorepl", "test", "--up"],
            ["photorepl", "--folder", "Example"],
            ["photorepl", "run", "Examples/dem"],
            ["photorepl", "--seed", "7", "r"],
            ["photorepl", "--folder", "Examples", "t"],
            ["photorepl", "help", ""],
            ["photorepl", "--seed", ""]
        ])
        #expect(
            offers == [
                "help",
                "Examples/photos",
                "Examples/photos/sunset.jpg",
                "--sort --source",
                "embedded folder unsplash",
                "--source=folder",
                "unsplash",
                "kitty",
                "grid list",
                "--keep-going",
                "--update",
                "Examples",
                "Examples/demo.t Examples/demo.txt",
                "run",
                "test",
                // `help` explains the commands of the prompt too.
                "author back cancel count edit exit fetch filter grid help info keyword label layout list mark move next open page prev quit rate record reject run save search show sort state test undo unmark",
                ""
            ])
    }

    /// In a window 60 columns wide, zsh's and fish's lists of options keep each
    /// description on its option's line (cut to the window, not wrapped onto lines of their own).
    @Test func zshAndFishListOptionsWithinTheWindow() throws {
        for shell in ["zsh", "fish"] where FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(shell)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let script = try Binary.run(["--generate-completion-script", shell]).stdout
            try Data(script.utf8).write(to: folder.appendingPathComponent(shell == "zsh" ? "_photorepl" : "photorepl.fish"))
            let bin = Binary.executable.deletingLastPathComponent().path
            let terminal: Terminal
            if shell == "zsh" {
                try Data("fpath=(\(folder.path) $fpath)\nautoload -U compinit && compinit -u\nPATH=\(bin):$PATH\nPS1='> '\n".utf8)
                    .write(to: folder.appendingPathComponent(".zshrc"))
                terminal = try Terminal(["-i"], environment: ["ZDOTDIR": folder.path], width: 60, height: 40, program: "/usr/bin/zsh")
            } else {
                terminal = try Terminal(
                    [
                        "--no-config", "-C",
                        "source \(folder.path)/photorepl.fish; set PATH \(bin) $PATH; function fish_prompt; echo '> '; end"
                    ],
                    width: 60, height: 40, program: "/usr/bin/fish")
            }
            #expect(try terminal.wait { $0.contains(">") }, "\(shell): \(terminal.shown)")
            try terminal.type("photorepl --")
            try terminal.press("Tab")
            if shell == "zsh" { try terminal.press("Tab") }
            #expect(try terminal.wait { $0.contains("--browse") && $0.contains("--preview-size") }, "\(shell): \(terminal.shown)")
            // (fish's pager ends a long list with a line of its own: "…and 3 more rows".)
            let listed = try terminal.screen().split(separator: "\n").dropFirst()
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("…and ") }
            #expect(
                !listed.isEmpty && listed.allSatisfy { $0.hasPrefix("-") },
                "\(shell): a description ran onto a line of its own:\n\(listed.joined(separator: "\n"))")
        }
    }

    @Test func zshAndFishLoadTheirScripts() throws {
        for shell in ["zsh", "fish"] {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") else {
                Issue.record("\(shell) is not installed (Scripts/test installs it)")
                continue
            }
            let script = try Binary.run(["--generate-completion-script", shell])
            let path = try Binary.script(script.stdout, name: shell == "zsh" ? "_photorepl" : "photorepl.fish")
            let syntax = try Binary.runProgram("/usr/bin/\(shell)", ["-n", path])
            #expect(syntax.status == 0, "\(shell): \(syntax.stderr)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }
        let fish = try Binary.run(["--generate-completion-script", "fish"])
        let path = try Binary.script(fish.stdout, name: "photorepl.fish")
        let offers = try Binary.runProgram(
            "/usr/bin/fish", ["--no-config", "-c", "source '\(path)'; complete -C 'photorepl --source '; complete -C 'photorepl run --k'"])
        #expect(
            offers.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
                == ["embedded", "folder", "unsplash", "--keep-going"], "\(offers.stdout)\(offers.stderr)")
        // The main argument, a photo or a folder; `help`, every command of the prompt.
        let paths = try Binary.runProgram(
            "/usr/bin/fish",
            ["--no-config", "-c", "source '\(path)'; complete -C 'photorepl Examples/photos/sun'; complete -C 'photorepl help so'"])
        #expect(
            paths.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
                == ["Examples/photos/sunset.jpg", "sort"], "\(paths.stdout)\(paths.stderr)")
    }

    @Test func theManualPageRendersWithoutWarnings() throws {
        let page = try Binary.run(["--generate-manual"])
        #expect(page.status == 0)
        let path = try Binary.script(page.stdout, name: "photorepl.1")
        let man = try Binary.runProgram(
            "/usr/bin/man", ["--warnings", "-l", path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(man.status == 0 && man.stderr.isEmpty, "\(man.stderr)")
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXAMPLES", "EXIT STATUS"] {
            #expect(man.stdout.contains("\n\(heading)\n"), "\(heading)")
        }
        #expect(man.stdout.contains("--sheet-size COLSxROWS") && man.stdout.contains("UNSPLASH_ACCESS_KEY"))
        // Every exit status photorepl uses, 69 too; the viewer's example first.
        let exits = "\n" + (man.stdout.components(separatedBy: "\nEXIT STATUS\n").last ?? "")
        for status in ["0", "1", "64", "66", "69", "73", "130"] {
            #expect(exits.contains("\n       \(status) "), "exit status \(status)")
        }
        #expect(man.stdout.contains("photorepl ~/Pictures\n"))
    }

    /// The page lists what is typed at the prompt, scene by scene, from the same
    /// declarations as `help`; says where to look next; and its examples that need no photos run
    /// as printed, with an installed binary in an empty folder (no Examples/ there).
    @Test func theManualPageListsEverySceneAndItsExamplesRun() throws {
        let page = try Binary.run(["--generate-manual"]).stdout
        for scene in [
            "The collection scene", "The detail scene", "The index\\-edit scene", "The author scene", "The search scene", "Global commands"
        ] {
            #expect(page.contains(".SS \(scene)\n"), "\(scene)")
        }
        for command in ["count [+|\\-|N]", "move N", "cancel", "grid [N|next|prev]", "state [\\-\\-json]"] {
            #expect(page.contains(".B \(command)\n"), "\(command)")
        }
        #expect(page.contains(".SH SEE ALSO\n") && page.contains("chafa(1)") && page.contains("timg(1)") && page.contains("tmux(1)"))
        // The examples, as a person would copy them: the lines after `.B` under EXAMPLES.
        let examples = page.components(separatedBy: ".SH EXAMPLES\n")[1].components(separatedBy: "\n.SH")[0]
            .split(separator: "\n").filter { $0.hasPrefix(".B ") }
            .map { $0.dropFirst(3).replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\") }
        let runnable = examples.filter { $0.hasPrefix("printf") || $0.hasPrefix("photorepl run") }
        #expect(runnable.count == 3, "\(examples)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = Binary.executable.deletingLastPathComponent().path
        let shell = try Binary.runProgram(
            "/bin/sh", ["-c", "set -e; cd '\(folder.path)'; PATH='\(bin)':$PATH; " + runnable.joined(separator: "; ")],
            environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(shell.status == 0, "\(runnable)\n\(shell.stdout)\(shell.stderr)")
        #expect(shell.stdout.contains("1 passed, 0 failed"), "\(shell.stdout)")
        #expect(shell.stdout.contains("photos> open 2\nPhoto 2 of 3"), "\(shell.stdout)")
    }

    @Test func versionSaysTheCommitItWasBuiltFrom() throws {
        let version = try Binary.run(["--version"])
        let head = try Binary.runProgram("/usr/bin/git", ["-C", Binary.packageRoot.path, "rev-parse", "--short=12", "HEAD"])
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.status == 0)
        // The build's commit is HEAD's, and says so when tracked files differ from it.
        #expect(
            version.stdout == "photorepl 0.2.0 (commit \(commit))\n" || version.stdout == "photorepl 0.2.0 (commit \(commit)-modified)\n",
            "\(version.stdout)")
    }
}
