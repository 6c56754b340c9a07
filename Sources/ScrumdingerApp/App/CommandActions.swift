import FoundationEssentials
import GtkShim
import ScrumdingerCore

extension Command {
  /// The actions of the commands of `scope`, one each, by command: each runs `perform` with
  /// its command and, for a command that takes one, the argument it was given (an id, or a
  /// monitor's connector). The application, the window and the editor each install theirs
  /// from here.
  @MainActor static func actions(
    in scope: Scope, perform: @escaping @MainActor (Command, String?) -> Void
  ) -> [Command: Action] {
    var actions: [Command: Action] = [:]
    for command in allCases where command.scope == scope {
      actions[command] =
        command.takesArgument
        ? Action(command.name) { argument in perform(command, argument) }
        : Action(command.name) { perform(command, nil) }
    }
    return actions
  }
}
