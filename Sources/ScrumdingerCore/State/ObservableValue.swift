// One observable cell. The app state is made of several of these rather than one big
// observable object, so a change to one part (a meeting tick) reaches only that part's
// observers and never rebuilds, say, the scrum list.

/// A value whose changes are pushed to its observers, on the main actor.
@MainActor
public final class ObservableValue<Value: Equatable> {
  /// Observers in the order they registered (each notification follows that order).
  private var observers: [(id: Int, handler: (Value) -> Void)] = []
  private var nextID = 0

  /// The current value; assigning a different value notifies every observer once.
  public var value: Value {
    didSet {
      guard value != oldValue else { return }
      for observer in observers { observer.handler(value) }
    }
  }

  /// Creates a cell holding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Calls `handler` with each new value until the returned token is cancelled or released.
  public func observe(_ handler: @escaping (Value) -> Void) -> ObservationToken {
    let id = nextID
    nextID += 1
    observers.append((id, handler))
    return ObservationToken { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  /// Changes part of the value in place, notifying once.
  public func update(_ change: (inout Value) -> Void) {
    var copy = value
    change(&copy)
    value = copy
  }
}

/// Keeps an observation alive; cancelling or releasing it stops the notifications.
@MainActor
public final class ObservationToken {
  private var cancelAction: (() -> Void)?

  init(_ cancel: @escaping () -> Void) { cancelAction = cancel }

  /// Stops the notifications.
  public func cancel() {
    cancelAction?()
    cancelAction = nil
  }

  isolated deinit { cancel() }
}
