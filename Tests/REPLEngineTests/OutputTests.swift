import Testing
@testable import REPLEngine

/// Text prepared once (`DisplayText`) and the Console's column layout: the fast paths must print
/// exactly what the plain sanitize-as-you-write path prints (the golden transcripts pin it).
@MainActor
@Suite struct OutputTests {
    /// Texts of every kind a column meets: short, long, wide, hostile, empty.
    static let samples = [
        "", "short", "exactly ten", "A train passing through the hills at dusk",
        "김서연 and 漢字 in a long caption", "漢字漢字漢字", "é à ü ø ñ", "emoji 🌲🌲🌲🌲🌲🌲",
        "Sunset \u{202E}gpj.exe\u{202C} \u{1B}[31mred\u{1B}[0m", "bell\u{07}", "\u{9B}2J"
    ]

    /// What a column held before the fast paths: measured, cut and padded on the raw text, then
    /// sanitized.
    static func reference(_ text: String, column width: Int) -> String {
        let used = TerminalText.width(text)
        if used > width { return TerminalText.sanitize(TerminalText.truncate(text, toWidth: width)) }
        return TerminalText.sanitize(text) + String(repeating: " ", count: width - used)
    }

    func written(_ write: (Console) -> Void) -> String {
        let output = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory())
        write(console)
        console.flush()
        return output.text
    }

    @Test func displayTextIsMeasuredAndCheckedAsItCame() {
        let id = DisplayText(" a  b.jpg")
        #expect(id.string == " a  b.jpg")
        #expect(id.width == 9)
        #expect(id.isClean)
        #expect(!DisplayText("x\u{85}y").isClean)
        #expect(DisplayText("漢字 ok").width == 7)
        #expect(!DisplayText("red \u{1B}[31m").isClean)
        #expect(!DisplayText("\u{9B}2J").isClean)
        #expect(DisplayText("").width == 0 && DisplayText("").isClean)
        let literal: DisplayText = "a  b"
        #expect(literal == DisplayText("a  b") && literal != DisplayText("a b"))
    }

    @Test(arguments: [1, 5, 10, 20, 60])
    func columnsAreTheSameOnEveryPath(width: Int) {
        for text in Self.samples {
            let expected = Self.reference(text, column: width)
            #expect(written { $0.write(text, column: width) } == expected, "\(text) at \(width)")
            #expect(written { $0.write(DisplayText(text), column: width) } == expected, "\(text) at \(width)")
        }
    }

    @Test func preparedTextIsWrittenAsItIsOrSanitized() {
        #expect(written { $0.writeLine(DisplayText("plain text")) } == "plain text\n")
        #expect(written { $0.writeLine(DisplayText("ESC \u{1B}]52;c;aGk=\u{07} end")) } == "ESC ^[]52;c;aGk=^G end\n")
        #expect(written { $0.write(DisplayText("x"), style: .bold) } == "x")
        let output = OutputSink.memory()
        let styled = Console(output: output, diagnostics: .memory(), isStyled: true)
        styled.writeLine(DisplayText("title"), style: .bold)
        styled.write(DisplayText("cut me please"), column: 6, style: .accent)
        styled.flush()
        #expect(output.text == "\u{1B}[1mtitle\u{1B}[0m\n\u{1B}[36mcut m…\u{1B}[0m")
    }

    @Test func theTranscriptGetsTheSameText() {
        let output = OutputSink.memory(), transcript = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory())
        console.transcript = transcript
        console.write("id", column: 4)
        console.write(DisplayText("A long caption that is cut"), column: 10)
        console.writeSpaces(3)
        console.writeLine(DisplayText("♥ 1,204"))
        console.flush()
        #expect(output.text == "id  A long ca…   ♥ 1,204\n")
        #expect(transcript.text == output.text)
    }

    /// Bytes for another program (`paths`): as they are into a pipe or a file, even bytes that are
    /// no UTF-8; on a terminal and in the transcript as text, control characters shown.
    @Test func bytesForProgramsAreRawOnlyWhereNoTerminalShowsThem() {
        let name: [UInt8] = Array("a\u{1B}[31m".utf8) + [0xFF, 0x00] + Array("b\n".utf8)
        let piped = OutputSink.memory(), transcript = OutputSink.memory()
        let console = Console(output: piped, diagnostics: .memory())
        console.transcript = transcript
        console.writeForPrograms(name)
        console.flush()
        #expect(piped.captured == name)
        #expect(transcript.text == "a^[[31m\u{FFFD}^@b\n")
        let terminal = OutputSink.memory()
        let onTerminal = Console(output: terminal, diagnostics: .memory())
        onTerminal.terminalColumns = { 80 }
        onTerminal.writeForPrograms(name)
        onTerminal.flush()
        #expect(terminal.text == "a^[[31m\u{FFFD}^@b\n")
    }

    /// Defect: `help` at 80 columns ran 11 of the collection's 21 lines to 100–151
    /// characters, which the terminal broke mid-word ("descri|ption").
    @Test func helpAndErrorsWrapAtWordsOnTheTerminalAndStayWholeInTheTranscript() {
        let usage = "  count [+|-|N]  "
        let text = usage + "set the count of photos to fetch: + and - step it, N sets it (0…30); the original's stepper"
        for columns in [80, 40, 24, 9] {
            let lines = TerminalText.wrapped(text, toWidth: columns, indent: usage.count)
            #expect(lines.allSatisfy { TerminalText.width($0) <= columns }, "\(columns): \(lines)")
            // Nothing lost or broken: the same words in the same order (a word cut only when it is wider
            // than a line).
            let words = text.split(separator: " ").joined(separator: " ")
            if columns >= 24 {
                #expect(lines.flatMap { $0.split(separator: " ") }.joined(separator: " ") == words, "\(columns): \(lines)")
                #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: min(usage.count, columns / 2))) })
                #expect(lines.first?.hasPrefix(usage) == true)
            }
        }
        #expect(
            TerminalText.wrapped("error: abcdefghijklmnopqrstuvwxyz", toWidth: 10, indent: 2)
                == ["error:", "  abcdefgh", "  ijklmnop", "  qrstuvwx", "  yz"])
        #expect(TerminalText.wrapped("short", toWidth: 80, indent: 4) == ["short"])

        let output = OutputSink.memory(), transcript = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory())
        console.transcript = transcript
        console.terminalColumns = { 20 }
        console.writeWrappedLine("error: there is no page 9: pages are 1…3", indent: 7)
        console.writeWrappedLine("fits", indent: 7)
        console.flush()
        #expect(output.text == "error: there is no\n       page 9: pages\n       are 1…3\nfits\n")
        #expect(transcript.text == "error: there is no page 9: pages are 1…3\nfits\n")
    }

    /// Inside tmux, what comes before a picture is written out and drawn before the
    /// picture is written (tmux passes a picture through at the terminal's cursor, before drawing
    /// what came with it): the console writes the first part, waits, then writes the rest.
    @Test func aPictureWaitsForWhatComesBeforeItToBeDrawn() {
        let output = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory())
        var writtenWhenWaiting: [[UInt8]] = []
        console.waitUntilDrawn = { writtenWhenWaiting.append(output.captured) }
        console.writeLine("before")
        let rows = Array("\n\n\u{1B}[2A\u{1B}7".utf8), passthrough = Array("\u{1B}Ptmux;picture\u{1B}\\".utf8)
        console.writePicture(TerminalPicture(generated: rows + passthrough, transcriptText: nil, drawnBefore: rows.count))
        console.writeLine("after")
        console.flush()
        #expect(writtenWhenWaiting == [Array("before\n".utf8) + rows])
        #expect(output.captured == Array("before\n".utf8) + rows + passthrough + Array("\nafter\n".utf8))
        // A picture with nothing to wait for, or a console that cannot wait, is written whole.
        console.writePicture(TerminalPicture(generated: passthrough, transcriptText: nil))
        #expect(writtenWhenWaiting.count == 1)
    }

    @Test func aPictureLargerThanTheBufferGoesOutWhole() {
        let output = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory())
        console.writeLine("before")
        let bytes = (0..<300_000).map { UInt8(0x41 + $0 % 26) }
        console.writePicture(TerminalPicture(generated: bytes, transcriptText: nil))
        console.writeLine("after")
        console.flush()
        #expect(output.captured == Array("before\n".utf8) + bytes + Array("\nafter\n".utf8))
    }
}
