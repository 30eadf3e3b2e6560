/// The work scenes scheduled during the command being run (`SceneEffects`), which the engine awaits,
/// one after the other, before the command ends.
@MainActor
final class EffectQueue: SceneEffects {
    private var pending: [@MainActor () async throws -> Void] = []

    /// How many pieces of work are waiting to run.
    var count: Int { pending.count }
    var isEmpty: Bool { pending.isEmpty }

    /// Schedules `work` to be awaited before the command being run ends.
    func finishBeforeCommandEnds(_ work: @escaping @MainActor () async throws -> Void) {
        pending.append(work)
    }

    /// Runs the work one piece after the other. A piece that throws ends the rest: it is dropped,
    /// and the failure thrown.
    func runAll() async throws {
        while !pending.isEmpty {
            do {
                try await pending.removeFirst()()
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
