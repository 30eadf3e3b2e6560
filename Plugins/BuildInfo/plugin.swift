import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` into the target before each build: the commit the build is made from
/// (`git rev-parse`, with `-modified` when tracked files differ from it; `unknown` outside a git
/// checkout), so that `--version` says what was built. The file is rewritten only when that changes:
/// an unchanged commit costs no recompilation.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
        let file = folder.appending(path: "BuildInfo.swift")
        let script = #"""
            mkdir -p "$2"
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2> /dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2> /dev/null)" ]; then
                commit="$commit-modified"
            fi
            new="/// Made by the BuildInfo plugin before each build.
            enum BuildInfo { static let commit = \"$commit\" }"
            [ "$(cat "$3" 2> /dev/null)" = "$new" ] || printf '%s\n' "$new" > "$3"
            """#
        return [
            .prebuildCommand(
                displayName: "Recording the commit in BuildInfo.swift",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path, file.path],
                outputFilesDirectory: folder
            )
        ]
    }
}
