import REPLEngine

extension Console {
    /// `  label  value` lines, the labels in a column as wide as the widest. On a terminal a value
    /// longer than the line (a long URL, a biography) is cut to fit it, whole in the transcript.
    @MainActor
    func writeFields(count: Int, label: (Int) -> String, value: (Int) -> String) {
        var width = 0
        for i in 0..<count { width = max(width, TerminalText.width(label(i))) }
        let columns = terminalColumns()
        for i in 0..<count {
            writeSpaces(2)
            write(label(i), column: width)
            writeSpaces(2)
            if let columns { writeLine(value(i), cutTo: columns - width - 4) } else { writeLine(value(i)) }
        }
    }
}
