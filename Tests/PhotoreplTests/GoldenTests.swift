import Foundation
import Testing

/// `photorepl test`, the golden-transcript workflow, as users run it.
@Suite struct GoldenTests {
    /// Every example is a golden test; a failure shows the diff a user would see.
    @Test func everyExampleTranscriptPasses() throws {
        let result = try Binary.run(["test", "Examples"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let count = try FileManager.default.contentsOfDirectory(atPath: Binary.packageRoot.appendingPathComponent("Examples").path).filter {
            $0.hasSuffix(".t")
        }.count
        #expect(result.stdout.hasSuffix("\(count) passed, 0 failed\n"), "\(result.stdout)")
    }

    /// A copy of an example in a scratch folder.
    func copy(_ name: String, edit: (String) -> String = { $0 }) throws -> String {
        let text = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
        return try Binary.script(edit(text), name: name)
    }

    @Test func aChangedLineFailsWithADiffAtThatLineAndCommandAndUpdateRestoresIt() throws {
        let original = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/tour.t"), encoding: .utf8)
        let path = try copy("tour.t") { $0.replacingOccurrences(of: "\ncount: 5\n", with: "\ncount: 6\n") }
        let failed = try Binary.run(["test", path])
        #expect(failed.status == 1)
        #expect(
            failed.stdout == """
                FAIL \(path)
                \(path):2: the output of 'photos> count 5' differs
                --- expected  \(path)
                +++ actual
                @@ -2,2 +2,2 @@
                 2 2 | photos> count 5
                -3   | count: 6
                +  3 | count: 5
                0 passed, 1 failed

                """)

        let refused = try Binary.run(["test", "--update", path], environment: ["CI": "1"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr == "photorepl: --update refuses to run when CI is set: golden transcripts change only on a developer's machine\n"
        )
        #expect(try String(contentsOfFile: path, encoding: .utf8) != original)

        let updated = try Binary.run(["test", "--update", path], environment: ["CI": ""])
        #expect(updated.status == 0)
        #expect(updated.stdout.hasSuffix("UPDATED \(path)\n0 passed, 0 failed, 1 updated\n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        #expect(try Binary.run(["test", path]).status == 0)
    }

    /// A script given to `test` is said to be one, with how to make its transcript, instead
    /// of a diff of every line; a transcript of the start-up output alone still fails with its diff.
    @Test func aScriptGivenToTestIsSaidToBeAScript() throws {
        let script = try copy("demo.txt")
        let result = try Binary.run(["test", script])
        #expect(result.status == 1)
        let transcript = String(script.dropLast(4)) + ".t"
        #expect(
            result.stdout == """
                FAIL \(script)
                \(script): this is a script, not a transcript: no line starts with a prompt ('photos> '), and its first line is the command 'count'. Make its transcript with 'photorepl run \(script) --transcript \(transcript)', read it, then test that file.
                0 passed, 1 failed

                """, "\(result.stdout)")
        let startUpOnly = try Binary.script("count: 1\n", name: "start.t")
        let failed = try Binary.run(["test", startUpOnly])
        #expect(failed.stdout.contains("\(startUpOnly):1: the start-up output differs\n"), "\(failed.stdout)")
    }

    /// `--folder` is checked at start, not at the first `fetch`; a lone folder on the
    /// command line is `--folder`, as viewers take one.
    @Test func theFolderIsCheckedAtStartAndALoneFolderIsBrowsed() throws {
        let missing = try Binary.run(["--folder", "/nonexistent-photos", "run", "Examples/demo.txt"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "photorepl: --folder /nonexistent-photos: there is no such folder (type e.g. --folder ~/Pictures)\n")
        #expect(missing.stdout.isEmpty)
        let file = try Binary.run(["--folder", "/etc/passwd", "run", "Examples/demo.txt"])
        #expect(file.status == 66)
        #expect(file.stderr == "photorepl: --folder /etc/passwd: it is a file, not a folder: give the folder it is in (--folder /etc)\n")
        let browsed = try Binary.run(["Examples/photos"], stdin: Data("state --json\n".utf8))
        #expect(browsed.status == 0, "\(browsed.stderr)")
        #expect(browsed.stdout.contains("\"source\":\"folder\""), "\(browsed.stdout)")
        // Listed whole at once, by name, as a viewer lists it (a file named as a photo is
        // listed without being opened; one not named so is counted).
        // No sample-app count: a viewer's folder has none to speak of.
        #expect(
            browsed.stdout.hasPrefix(
                """
                Found 5 photos in Examples/photos (1 file skipped: 1 not named as a photo).
                Sorted by name (other orders: taken, size, camera, iso, focal, rating).
                ▸ 1  fake.jpg
                  2  nested/deeper/leaf.png
                  3  nested/gray.png
                  4  rotated.jpg
                  5  sunset.jpg
                ● ○ ○ ○ ○  1/5

                """), "\(browsed.stdout)")
        #expect(
            browsed.stdout.contains(
                #""count":0,"photos":["fake.jpg","nested/deeper/leaf.png","nested/gray.png","rotated.jpg","sunset.jpg"],"page":1,"source":"folder","layout":"list","sort":"name","filters":[]}"#
            ), "\(browsed.stdout)")
        // `--folder` keeps the sample app's flow: nothing listed until 'count N' and 'fetch'.
        let sampleFlow = try Binary.run(["--folder", "Examples/photos"], stdin: Data("state --json\n".utf8))
        #expect(
            sampleFlow.stdout == "count: 0\nphotos> state --json\n"
                + #"{"stack":["collection"],"count":0,"photos":[],"page":0,"source":"folder","layout":"list"}"# + "\n",
            "\(sampleFlow.stdout)")
        let misspelt = try Binary.run(["--foldr", "Examples/photos"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.hasPrefix("photorepl: unknown option '--foldr': did you mean '--folder'? (usage: "), "\(misspelt.stderr)")
    }

    /// A photo file alone on the command line opens photorepl on it, in the detail, its
    /// folder the source (as image viewers do); a script alone is still refused with advice, and a
    /// photo that is not there or not a photo is said so at start.
    @Test func aLonePhotoIsOpenedInTheDetail() throws {
        let opened = try Binary.run(["--preview", "none", "Examples/photos/rotated.jpg"], stdin: Data("state --json\nback\n".utf8))
        #expect(opened.status == 0, "\(opened.stderr)")
        // At its place among all of its folder's photos, listed by name (was "Photo 1 of 2",
        // the others drawn at random).
        #expect(
            opened.stdout.contains("Photo 2 of 3\n  id           rotated.jpg\n  description  Rotated by EXIF (orientation 6)\n"),
            "\(opened.stdout)")
        // Its neighbours, not the folders inside (a photo in ~ does not walk all of ~).
        #expect(
            opened.stdout.contains(
                #"{"stack":["collection","detail"],"count":0,"photos":["fake.jpg","rotated.jpg","sunset.jpg"],"page":2,"source":"folder","layout":"list","sort":"name","filters":[],"index":2,"photo":{"id":"rotated.jpg","width":160,"height":240,"fileSize":3860,"format":"JPEG"}}"#
            ), "\(opened.stdout)")
        // Only the detail shows at start: not the list the opening printed.
        #expect(!opened.stdout.contains("Found 3 photos"))
        #expect(opened.stdout.contains("  1  fake.jpg\n▸ 2  rotated.jpg\n  3  sunset.jpg\n"), "back lists the folder: \(opened.stdout)")
        let script = try Binary.run(["Examples/demo.txt"])
        #expect(script.status == 64)
        #expect(script.stderr.contains("to run a script, type 'photorepl run Examples/demo.txt'"), "\(script.stderr)")
        let missing = try Binary.run(["Examples/photos/nope.jpg"])
        #expect(missing.status == 66)
        #expect(
            missing.stderr
                == "photorepl: Examples/photos/nope.jpg: no such file or folder (Examples/photos is there: type e.g. 'photorepl Examples/photos')\n"
        )
        let notAPhoto = try Binary.run(["--open", "Examples/demo.txt"])
        #expect(notAPhoto.status == 66)
        #expect(notAPhoto.stderr.contains("it is not a photo photorepl can show"), "\(notAPhoto.stderr)")
        let twoFolders = try Binary.run(["--folder", "Examples", "--open", "Examples/photos/sunset.jpg"])
        #expect(twoFolders.status == 64)
        #expect(
            twoFolders.stderr.hasPrefix(
                "photorepl: --open Examples/photos/sunset.jpg browses the photo's own folder: drop --folder Examples"),
            "\(twoFolders.stderr)")
        // The same folder under another name is no conflict.
        let sameFolder = try Binary.run(
            ["--folder", "Examples/photos/", "--open", "Examples/photos/sunset.jpg", "run", "-"], stdin: Data("state --json\n".utf8))
        #expect(sameFolder.status == 0, "\(sameFolder.stderr)")
    }

    /// A photo whose name starts with a dot is opened too (a folder's listing skips such names).
    @Test func aHiddenPhotoOpens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sunset = Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg")
        try FileManager.default.copyItem(at: sunset, to: folder.appendingPathComponent(".hidden.jpg"))
        try FileManager.default.copyItem(at: sunset, to: folder.appendingPathComponent("shown.jpg"))
        let hidden = try Binary.run(
            ["--preview", "none", folder.appendingPathComponent(".hidden.jpg").path], stdin: Data("state --json\n".utf8))
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(hidden.stdout.contains("Photo 1 of 2\n  id           .hidden.jpg\n"), "\(hidden.stdout)")
    }

    /// Preferences in `$XDG_CONFIG_HOME/photorepl/config` apply to sessions and `run`,
    /// under the command line; `--no-config` leaves them out; `test` never reads them; a bad line
    /// A path that names nothing says so, as `ls` would (it said "unknown command …: to
    /// run a script"); a command of a scene says where it is typed; a script is still refused with
    /// advice.
    @Test func aMissingPathOrAPromptCommandOnTheCommandLineIsSaidSo() throws {
        // What to type instead: the nearest folder above that is there (not the name just typed).
        for (path, advice) in [
            ("/nonexistent-photos/", "give a folder of photos or a photo that is there, e.g. 'photorepl ~/Pictures'"),
            ("missing.jpg/", "the current folder is there: type e.g. 'photorepl .'"),
            ("missing.jpg", "the current folder is there: type e.g. 'photorepl .'"),
            ("Examples/no/such/place", "Examples is there: type e.g. 'photorepl Examples'")
        ] {
            let result = try Binary.run([path])
            #expect(result.status == 66, "\(path)")
            #expect(result.stderr == "photorepl: \(path): no such file or folder (\(advice))\n", "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // A line feed in the name was echoed raw, a forged line of its own.
        for path in ["/nonexistent/a\nphotorepl: FORGED.jpg", "/nonexistent/\u{2028}b.jpg"] {
            let result = try Binary.run([path])
            #expect(result.status == 66)
            #expect(result.stderr.components(separatedBy: "\n").count == 2, "one line: \(result.stderr)")
        }
        let forged = try Binary.run(["/nonexistent/a\nphotorepl: FORGED.jpg"])
        #expect(
            forged.stderr
                == "photorepl: /nonexistent/a^Jphotorepl: FORGED.jpg: no such file or folder (give a folder of photos or a photo that is there, e.g. 'photorepl ~/Pictures')\n",
            "\(forged.stderr)")
        let folder = try Binary.run(["--folder", "/nonexistent/a\nphotorepl: FORGED"])
        #expect(folder.status == 66 && folder.stderr.components(separatedBy: "\n").count == 2, "one line: \(folder.stderr)")
        let fetch = try Binary.run(["fetch"])
        #expect(fetch.status == 64)
        #expect(
            fetch.stderr
                == "photorepl: 'fetch' is typed at photorepl's prompt, not on the command line: start photorepl and type it there (or put it in a script, one command a line, and type 'photorepl run FILE')\n",
            "\(fetch.stderr)")
        let word = try Binary.run(["frobnicate"])
        #expect(
            word.status == 64
                && word.stderr.hasPrefix("photorepl: unknown command 'frobnicate': to run a script, type 'photorepl run frobnicate'"),
            "\(word.stderr)")
    }

    /// A photo given on the command line is shown whatever its name (a JPEG named
    /// `IMG_1234`, no extension), though the folder is listed by its names' extensions.
    @Test func aPhotoWithoutAnExtensionIsOpened() throws {
        let folder = URL(fileURLWithPath: try Binary.script("", name: "unused")).deletingLastPathComponent()
        let photo = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        try photo.write(to: folder.appendingPathComponent("IMG_1234"))
        try photo.write(to: folder.appendingPathComponent("b.jpg"))
        let opened = try Binary.run(
            ["--preview", "none", folder.appendingPathComponent("IMG_1234").path], stdin: Data("state --json\n".utf8))
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("Photo 1 of 2\n  id           IMG_1234\n"), "\(opened.stdout)")
        #expect(opened.stdout.contains(#""photos":["IMG_1234","b.jpg"]"#), "by name, byte by byte: \(opened.stdout)")
    }

    /// A sheet smaller than one thumbnail and its caption is refused
    /// (10x5 spilled past its 10 columns); `photorepl .` names the current folder in words (it said
    /// "in .."); counts are grouped as the progress line groups them.
    @Test func theSmallerPoints() throws {
        let small = try Binary.run(["run", "--sheet-size", "10x5", try Binary.script("count 1\n")])
        #expect(small.status == 64)
        #expect(
            small.stderr.hasPrefix("photorepl: --sheet-size takes COLSxROWS within 18x10 (one thumbnail and its caption)…"),
            "\(small.stderr)")
        let smallest = try Binary.run(["run", "--sheet-size", "18x10", try Binary.script("count 1\n")])
        #expect(smallest.status == 0, "\(smallest.stderr)")
        let here = try Binary.run(
            ["."], stdin: Data("quit\n".utf8), directory: Binary.packageRoot.appendingPathComponent("Examples/photos"))
        #expect(here.stdout.contains("Found 5 photos in the current folder (1 file skipped: 1 not named as a photo).\n"), "\(here.stdout)")
    }

    /// Every wrong line of the preferences is said at once, each with the file and its line,
    /// a folder that is not there too (it was "--folder …", naming no file); one overruled by what
    /// is typed is not checked.
    @Test func everyWrongPreferenceIsSaidAtOnceWithItsLine() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config.appendingPathComponent("photorepl"), withIntermediateDirectories: true)
        let file = config.appendingPathComponent("photorepl/config")
        let environment = ["XDG_CONFIG_HOME": config.path]
        let script = try Binary.script("state --json\n")
        try Data("seed = x\nlayout = grid\nspeed = 3\npreview = sepia\n".utf8).write(to: file)
        let syntax = try Binary.run(["run", script], environment: environment)
        #expect(syntax.status == 64)
        #expect(
            syntax.stderr == """
                photorepl: \(file.path):1: --seed takes a whole number, not 'x' (type e.g. --seed 7)
                photorepl: \(file.path):3: unknown key 'speed': did you mean 'seed = 3'?
                photorepl: \(file.path):4: --preview takes auto, symbols, sixel, kitty, iterm, ascii or none, not 'sepia'

                """, "\(syntax.stderr)")
        try Data("layout = grid\nfolder = /nonexistent-photos\n".utf8).write(to: file)
        let missing = try Binary.run(["run", script], environment: environment)
        #expect(missing.status == 64)
        #expect(
            missing.stderr
                == "photorepl: \(file.path):2: folder = /nonexistent-photos: there is no such folder (type e.g. --folder ~/Pictures)\n",
            "\(missing.stderr)")
        let overruled = try Binary.run(["run", "--source", "embedded", script], environment: environment)
        #expect(overruled.status == 0, "\(overruled.stderr)")
    }

    /// is an error naming the file and the line.
    @Test func preferencesFromTheConfigurationFile() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config.appendingPathComponent("photorepl"), withIntermediateDirectories: true)
        let file = config.appendingPathComponent("photorepl/config")
        try Data("# mine\nseed = 7\n\nlayout = grid\n".utf8).write(to: file)
        let environment = ["XDG_CONFIG_HOME": config.path]
        let script = try Binary.script("state --json\n")
        let preferred = try Binary.run(["run", script], environment: environment)
        #expect(preferred.status == 0, "\(preferred.stderr)")
        #expect(preferred.stdout.contains(#""layout":"grid""#), "\(preferred.stdout)")
        let typed = try Binary.run(["run", "--layout", "list", script], environment: environment)
        #expect(typed.stdout.contains(#""layout":"list""#), "the command line wins: \(typed.stdout)")
        let skipped = try Binary.run(["run", "--no-config", script], environment: environment)
        #expect(skipped.stdout.contains(#""layout":"list""#), "\(skipped.stdout)")
        // The seed would change every photo of the demo: test reads no preferences.
        let checked = try Binary.run(["test", "Examples/demo.t"], environment: environment)
        #expect(checked.status == 0, "\(checked.stdout)")
        // What is typed wins over preferences it does not go with, and preferences that need each
        // other go together: a source with its topic, and a photo opened by name over them both.
        try Data("topic = nature\nsource = unsplash\n".utf8).write(to: file)
        let overruled = try Binary.run(
            ["--preview", "none", "Examples/photos/sunset.jpg"], stdin: Data("state --json\n".utf8), environment: environment)
        #expect(overruled.status == 0, "\(overruled.stderr)")
        #expect(overruled.stdout.contains(#""source":"folder""#), "\(overruled.stdout)")
        // A script's first line wins over preferences too (it asks for its own options).
        try Data("folder = /nonexistent\nlayout = grid\n".utf8).write(to: file)
        let headed = try Binary.run(["run", try Binary.script("# photorepl: --source embedded\nstate --json\n")], environment: environment)
        #expect(headed.status == 0, "\(headed.stderr)")
        #expect(headed.stdout.contains(#""source":"embedded""#), "\(headed.stdout)")
        // `help COMMAND` reads no preferences.
        let help = try Binary.run(["help", "fetch"], environment: environment)
        #expect(help.status == 0, "\(help.stderr)")
        try Data("seed = 7\nprevew = ascii\n".utf8).write(to: file)
        let bad = try Binary.run(["run", script], environment: environment)
        #expect(bad.status == 64)
        #expect(bad.stderr == "photorepl: \(file.path):2: unknown key 'prevew': did you mean 'preview = ascii'?\n")
        #expect(bad.stdout.isEmpty)
        try Data("preview = sepia\n".utf8).write(to: file)
        let badValue = try Binary.run(["run", script], environment: environment)
        #expect(badValue.status == 64)
        #expect(badValue.stderr.hasPrefix("photorepl: \(file.path):1: --preview takes auto, "), "\(badValue.stderr)")
    }

    /// `photorepl help COMMAND` at the shell explains a command of any scene, as `help
    /// COMMAND` does inside; a misspelt one gets a "did you mean".
    @Test func helpForACommandOfAnySceneAtTheShell() throws {
        let fetch = try Binary.run(["help", "fetch"])
        #expect(fetch.status == 0)
        #expect(
            fetch.stdout
                == "usage: fetch\n  fetch 'count' photos (random ones, or a feed's first page; a folder listed whole: all of it again, with the count at 0), replacing the collection\nexample: fetch\n",
            "\(fetch.stdout)")
        let move = try Binary.run(["help", "move"])
        #expect(move.status == 0)
        #expect(
            move.stdout.hasPrefix(
                "(a command of the detail scene)\nusage: move N|DIR [--yes] [--dry-run] [--marked] [--suffix] [--pairs]\n"),
            "\(move.stdout)")
        let misspelt = try Binary.run(["help", "fecth"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.hasPrefix("photorepl: no scene has a command 'fecth': did you mean 'fetch'?"), "\(misspelt.stderr)")
        #expect(misspelt.stdout.isEmpty)
    }

    @Test func wildcardsPassAgainstVaryingOutputAndFailOnTheFixedParts() throws {
        for seed in ["1", "2", "2024", "31337"] {
            let result = try Binary.run(["test", "--seed", seed, "Examples/any-seed.t"])
            #expect(result.status == 0, "seed \(seed): \(result.stdout)")
        }
        let broken = try copy("any-seed.t") { $0.replacingOccurrences(of: "Fetched 3 photos.", with: "Fetched 4 photos.") }
        let result = try Binary.run(["test", "--seed", "5", broken])
        #expect(result.status == 1)
        #expect(result.stdout.contains("- 5    | Fetched 4 photos.\n+    5 | Fetched 3 photos.\n"), "\(result.stdout)")
    }

    @Test func updateKeepsTheWildcardLines() throws {
        let path = try copy("any-seed.t") { $0.replacingOccurrences(of: "Fetched 3 photos.", with: "Fetched three photos.") }
        let result = try Binary.run(["test", "--update", "--seed", "8", path], environment: ["CI": ""])
        #expect(result.status == 0)
        let original = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/any-seed.t"), encoding: .utf8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }

    @Test func trailingExtraOutputFails() throws {
        let path = try copy("demo.t") { $0 + "one more line\n" }
        let result = try Binary.run(["test", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("-52    | one more line\n0 passed, 1 failed\n"), "\(result.stdout)")
        let shorter = try copy("demo.t") { String($0.dropLast("\"page\":4}\n".count)) + "\n" }
        #expect(try Binary.run(["test", shorter]).status == 1)
    }

    @Test func crlfAndAMissingFinalNewlineAreTheSameTranscript() throws {
        let path = try copy("demo.t") { String($0.dropLast()).replacingOccurrences(of: "\n", with: "\r\n") }
        let result = try Binary.run(["test", path])
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func utf8InCommandsAndOutput() throws {
        let script = try Binary.script("count 한글\ncount é\nstate 🌲\ncount 2\nfetch\n")
        let transcript = try Binary.run(["run", "--keep-going", script]).stdout
        #expect(transcript.contains("photos> count 한글\nerror: count takes +, - or a number 0…30, not '한글' (type e.g. 'count 5')\n"))
        #expect(transcript.contains("not '🌲'"))
        let path = try Binary.script(transcript, name: "utf8.t")
        #expect(try Binary.run(["test", path]).status == 0)
        let changed = try Binary.script(transcript.replacingOccurrences(of: "not '한글'", with: "not '한국'"), name: "utf8.t")
        let failed = try Binary.run(["test", changed])
        #expect(failed.status == 1 && failed.stdout.contains("not '한국'") && failed.stdout.contains("not '한글'"))
    }

    @Test func aMissingGoldenIsNeverCreated() throws {
        let folder = try TemporaryFolder()
        let dir = folder.url
        let missing = dir.appendingPathComponent("new.t").path
        for arguments in [["test", missing], ["test", "--update", missing]] {
            let result = try Binary.run(arguments, environment: ["CI": ""])
            #expect(result.status == 66)
            #expect(result.stderr == "photorepl: cannot read \(missing): No such file or directory\n")
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
        let empty = try Binary.run(["test", dir.path])
        #expect(empty.status == 66 && empty.stderr == "photorepl: no transcripts (*.t) in \(dir.path)\n")
    }

    @Test func aRecordedSessionReplaysToTheSameTranscript() throws {
        let folder = try TemporaryFolder()
        let dir = folder.url
        let record = dir.appendingPathComponent("session.txt").path, transcript = dir.appendingPathComponent("session.t").path
        let session = try Binary.run(
            ["--seed", "5", "--record", record, "--transcript", transcript],
            stdin: Data("count 4\nfetch\nopen 3\nmove 1\nback\nstate --json\n".utf8))
        #expect(session.status == 0)
        let script = try String(contentsOfFile: record, encoding: .utf8)
        #expect(
            script
                == "# photorepl: --keep-going --seed 5\n# Recorded by \(Binary.version): 'photorepl run \(record)' replays it.\ncount 4\nfetch\nopen 3\nmove 1\nback\nstate --json\n"
        )
        // The recording and the transcript carry the seed; nothing needs typing again.
        let replay = try Binary.run(["run", record])
        #expect(try String(contentsOfFile: transcript, encoding: .utf8) == "# photorepl: --seed 5\n" + replay.stdout)
        #expect(replay.stdout == session.stdout)
        #expect(try Binary.run(["test", transcript]).status == 0)
    }
}

/// A folder session speaks of photos: no sample-app count line or likes and URL fields, no "stays
/// at position" on `back`, help led by what a viewer does, and a move that says it changes the
/// list only; the embedded catalog keeps the sample app's words.
@Suite struct FolderSessionWordsTests {
    @Test func aFolderListedWholeSpeaksOfPhotos() throws {
        let session = try Binary.run(
            ["Examples/photos", "--preview", "none"], stdin: Data("help\nopen 1\nback\nopen 1\nmove 3\nback\nopen 2\nauthor\n".utf8))
        #expect(session.status == 0, "\(session.stderr)")
        let out = session.stdout
        #expect(out.hasPrefix("Found 5 photos in Examples/photos"), "no 'count: 0' first: \(out)")
        #expect(!out.contains("likes") && !out.contains("  url "), "\(out)")
        #expect(!out.contains("stays at position"), "\(out)")
        #expect(out.contains("Moved photo 1 to position 3 (in this list only: no file is changed).\n"), "\(out)")
        let help = out.components(separatedBy: "collection commands:\n")[1].components(separatedBy: "global commands:")[0]
        let names = help.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.first == "open" && names.suffix(2) == ["count", "fetch"], "\(names)")
        #expect(
            out.contains("photos/detail 2> author\nunknown\n"),
            "a folder's photographer with no name is 'unknown', as in the detail: \(out)")
        #expect(!out.contains("(no name)"))
        let state = try Binary.run(["Examples/photos"], stdin: Data("state --json\n".utf8))
        #expect(state.stdout.contains(#""count":0"#), "state --json keeps the count: \(state.stdout)")
    }

    @Test func theEmbeddedCatalogKeepsTheSampleAppsWords() throws {
        let session = try Binary.run(["run", "-"], stdin: Data("help\ncount 2\nfetch\nopen 1\nback\n".utf8))
        let out = session.stdout
        #expect(out.hasPrefix("count: 0\n"), "\(out)")
        #expect(out.contains("  likes  ") && out.contains("  url  ") && out.contains("Photo 1 stays at position 1."), "\(out)")
        let help = out.components(separatedBy: "collection commands:\n")[1]
        #expect(help.hasPrefix("  count"), "\(help)")
    }
}

/// The command line names what it takes: `[DIR|PHOTO]` in the usage and the manual's synopsis; a
/// file that is there but is no photo photorepl shows is named as such; `folder = DIR` in the
/// preferences starts the viewer; plain `photorepl` opens the embedded catalog wherever it starts.
@Suite struct CommandLineArgumentTests {
    @Test func aFileThatIsNoPhotoIsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        try #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.write(
            toFile: folder.file("picture.svg"), atomically: true, encoding: .utf8)
        try Data([0x50, 0x4B, 0x03, 0x04, 0x00, 0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: folder.file("archive.zip")))
        try "count 2\nfetch\n".write(toFile: folder.file("script.txt"), atomically: true, encoding: .utf8)
        let svg = try Binary.run(["picture.svg"], directory: folder.url)
        #expect(svg.status == 66)
        #expect(
            svg.stderr
                == "photorepl: picture.svg: it is an SVG drawing, which photorepl does not show (photorepl shows JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF and camera RAW photos)\n",
            "\(svg.stderr)")
        let zip = try Binary.run(["archive.zip"], directory: folder.url)
        #expect(zip.status == 66 && zip.stderr.contains("archive.zip: it is neither a photo photorepl shows nor a script"), "\(zip.stderr)")
        let script = try Binary.run(["script.txt"], directory: folder.url)
        #expect(script.status == 64 && script.stderr.contains("to run a script, type 'photorepl run script.txt'"), "\(script.stderr)")
    }

    @Test func theUsageAndTheManualShowDirOrPhoto() throws {
        #expect(try Binary.run(["--help"]).stdout.contains("USAGE: photorepl [OPTIONS] [DIR|PHOTO] [--record FILE] [--transcript FILE]\n"))
        let manual = try Binary.run(["--generate-manual"]).stdout
        #expect(manual.contains(#"\fBphotorepl\fR \fI[OPTIONS]\fR \fI[DIR|PHOTO]\fR"#), "\(manual.prefix(600))")
    }

    @Test func aConfiguredFolderStartsTheViewerAndPlainPhotoreplTheCatalog() throws {
        let config = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: config.file("photorepl"), withIntermediateDirectories: true)
        let photos = Binary.packageRoot.appendingPathComponent("Examples/photos").path
        try "folder = \(photos)\n".write(toFile: config.file("photorepl/config"), atomically: true, encoding: .utf8)
        let viewer = try Binary.run([], stdin: Data("state --json\n".utf8), environment: ["XDG_CONFIG_HOME": config.path])
        #expect(viewer.stdout.hasPrefix("Found 5 photos in "), "\(viewer.stdout)")
        #expect(viewer.stdout.contains(#""source":"folder""#) && viewer.stdout.contains(#""sort":"name""#), "\(viewer.stdout)")
        // Another source typed wins, and so does a folder typed (the sample app's flow, as --folder alone).
        let embedded = try Binary.run(
            ["--source", "embedded"], stdin: Data("state --json\n".utf8), environment: ["XDG_CONFIG_HOME": config.path])
        #expect(embedded.stdout.contains(#""source":"embedded""#), "\(embedded.stdout)")
        let typed = try Binary.run(["--folder", photos], stdin: Data("state --json\n".utf8), environment: ["XDG_CONFIG_HOME": config.path])
        #expect(typed.stdout.hasPrefix("count: 0\n"), "\(typed.stdout)")
        // Scripts keep their flow: run does not browse for a preference.
        let run = try Binary.run(["run", "-"], stdin: Data("state --json\n".utf8), environment: ["XDG_CONFIG_HOME": config.path])
        #expect(!run.stdout.contains(#""sort""#), "\(run.stdout)")
        // Plain photorepl in a folder of photos, with no folder configured: the embedded catalog.
        let plain = try Binary.run(["--no-config"], stdin: Data("state --json\n".utf8), directory: URL(fileURLWithPath: photos))
        #expect(plain.stdout.contains(#""source":"embedded""#), "\(plain.stdout)")
    }
}

/// Smaller points of a first use: `sort dat` gets a did-you-mean; `state` quotes a name holding a
/// blank; `run FILE` in a session says its header's options do not apply there; a skipped count
/// has its thousands separated.
@Suite struct SmallerPointsTests {
    @Test func sortGetsADidYouMean() throws {
        let result = try Binary.run(
            ["run", "--keep-going", "--browse", "--folder", "Examples/photos", "-"], stdin: Data("sort dat\nsort zzz\n".utf8))
        #expect(
            result.stdout.contains(
                "error: sort takes name, taken, size, camera, iso, focal or rating, not 'dat': did you mean 'sort date'?\n"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "error: sort takes name, taken, size, camera, iso, focal or rating, not 'zzz' (type e.g. 'sort taken')\n"),
            "\(result.stdout)")
    }

    @Test func stateQuotesNamesThatHoldBlanks() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("Été 2024"), withIntermediateDirectories: true)
        let photo = Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg").path
        for name in ["Été 2024/plage 1.jpg", "plain.jpg"] { try FileManager.default.copyItem(atPath: photo, toPath: folder.file(name)) }
        let result = try Binary.run([folder.path], stdin: Data("state\n".utf8))
        #expect(result.stdout.contains("  photos: plain.jpg 'Été 2024/plage 1.jpg'\n"), "\(result.stdout)")
    }

    @Test func runInASessionSaysTheHeaderDoesNotApply() throws {
        let script = try Binary.script("# photorepl: --seed 5\ncount 1\n", name: "trip.txt")
        let result = try Binary.run([], stdin: Data("run \(script)\n".utf8))
        #expect(
            result.stdout.contains(
                "(\(script)'s first line asks for --seed 5: a script run in a session keeps the session's options; type 'photorepl run \(script)' at the shell to replay it with them)\n"
            ), "\(result.stdout)")
        // At the shell the header applies, and nothing is said.
        let shell = try Binary.run(["run", script])
        #expect(!shell.stdout.contains("first line asks for"), "\(shell.stdout)")
    }
}
