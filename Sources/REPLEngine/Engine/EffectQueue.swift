/// The work scenes scheduled during the command being run (`SceneEffects`), which the engine awaits,
/// one after the other, before the command ends.
@MainActor
final class EffectQueue: SceneEffects {
    private var pending: [@MainActor () async -> Void] = []

    /// How many pieces of work are waiting to run.
    var count: Int { pending.count }
    var isEmpty: Bool { pending.isEmpty }

    /// Schedules `work` to be awaited before the command being run ends.
    func finishBeforeCommandEnds(_ work: @escaping @MainActor () async -> Void) {
        pending.append(work)
    }

    /// Runs the work one piece after the other; after each, `check` says whether it failed (a View
    /// reported a failure), which ends the rest: it is dropped, and the failure thrown.
    func runAll(checking check: () throws(CommandError) -> Void) async throws(CommandError) {
        while !pending.isEmpty {
            await pending.removeFirst()()
            do {
                try check()
            } catch {
                pending.removeAll()
                throw error
            }
        }
    }

    /// Drops the work still waiting (the command failed).
    func dropAll() {
        pending.removeAll()
    }
}
