import REPLEngine

extension Console {
    /// `  label  value` lines, the labels in a column as wide as the widest. On a terminal a value
    /// longer than the line (a long URL, a biography) is cut to fit it, whole in the transcript.
    @MainActor
    /// - Parameter cutInMiddle: whether a value too wide for the window is cut in its middle (a path,
    /// whose start and end tell photos apart: `Été 2024 — vaca…the beach at dusk 003.jpg`) rather
    /// than at its end.
    func writeFields(count: Int, label: (Int) -> String, value: (Int) -> String, cutInMiddle: (Int) -> Bool = { _ in false }) {
        var width = 0
        for i in 0..<count { width = max(width, TerminalText.width(label(i))) }
        let columns = terminalColumns()
        for i in 0..<count {
            writeSpaces(2)
            write(label(i), column: width)
            writeSpaces(2)
            guard let columns else {
                writeLine(value(i))
                continue
            }
            let text = value(i), room = max(1, columns - width - 4)
            if cutInMiddle(i), TerminalText.width(text) > room {
                writeDifferently(onTerminal: { write(TerminalText.truncateMiddle(text, toWidth: room)) }, inTranscript: { write(text) })
                writeLine()
            } else {
                writeLine(text, cutTo: room)
            }
        }
    }
}
