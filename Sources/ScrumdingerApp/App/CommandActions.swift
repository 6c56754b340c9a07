import FoundationEssentials
import GtkShim
import ScrumdingerCore

extension Command {
  /// The actions of the commands of `scope`, one each, by command: each runs `perform` with
  /// its command and, for a command that takes one, the id it was given (nil if it is not an
  /// id). The application, the window and the editor each install theirs from here.
  @MainActor static func actions(
    in scope: Scope, perform: @escaping @MainActor (Command, UUID?) -> Void
  ) -> [Command: Action] {
    var actions: [Command: Action] = [:]
    for command in allCases where command.scope == scope {
      actions[command] =
        command.takesID
        ? Action(command.name) { id in perform(command, UUID(uuidString: id)) }
        : Action(command.name) { perform(command, nil) }
    }
    return actions
  }
}
