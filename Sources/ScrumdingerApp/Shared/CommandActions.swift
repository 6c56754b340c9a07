import GtkShim
import ScrumdingerCore

extension ScopedCommand {
  /// The actions of this scope's commands, one each, by command: each runs `perform` with its
  /// command and, for a command that takes one, the argument it was given (an id, or a
  /// monitor's connector). The application, the window, the meeting, the history and the
  /// editor each install theirs from here and switch over their own commands only.
  @MainActor static func actions(perform: @escaping @MainActor (Self, String?) -> Void) -> [Self: Action] {
    var actions: [Self: Action] = [:]
    for command in allCases {
      actions[command] =
        command.facts.takesArgument
        ? Action(command.rawValue) { argument in perform(command, argument) }
        : Action(command.rawValue) { perform(command, nil) }
    }
    return actions
  }

}

extension RuledCommand {
  /// Enables each of `actions` as the scope's rule says in `context`.
  @MainActor static func updateEnabled(_ actions: [Self: Action], in context: Context) {
    for (command, action) in actions { action.isEnabled = command.isEnabled(in: context) }
  }

  /// Keeps `actions` enabled as the scope's rule says over its part of `commands`, now and at
  /// each change: the one subscription a scope's actions have, held by the token.
  @MainActor static func follow(
    _ commands: ObservableValue<Command.Context>, part: @escaping (Command.Context) -> Context,
    with actions: [Self: Action]
  ) -> ObservationToken {
    updateEnabled(actions, in: part(commands.value))
    return commands.observe { context in updateEnabled(actions, in: part(context)) }
  }
}
