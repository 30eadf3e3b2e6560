import REPLLauncher

/// photorepl's entry point: the launcher reads the command line (`photorepl`, `photorepl run`,
/// `photorepl test`, photorepl's own options) and runs the session it asks for.
@main
@MainActor
enum Photorepl {
    static let version = "0.2.0"

    static func main() async {
        await PhotoreplApp.app.main()
    }
}
