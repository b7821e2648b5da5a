import Foundation

#if !canImport(Darwin)
  /// An activity an app advertises for Handoff, Spotlight or state restoration (Foundation's on
  /// Apple's platforms, absent from Foundation on Linux). Held: it keeps what it is given, and
  /// `becomeCurrent()`/`invalidate()` only change `isCurrent`/`isValid`; a scene delegate receives
  /// one from `UIWindowScene.userContinue(_:)`.
  @preconcurrency @MainActor
  open class NSUserActivity: NSObject {
    public let activityType: String
    public var title: String?
    public var userInfo: [AnyHashable: Any]?
    public var requiredUserInfoKeys: Set<String>?
    public var webpageURL: URL?
    public var referrerURL: URL?
    public var expirationDate: Date?
    public var keywords: Set<String> = []
    public var targetContentIdentifier: String?
    public var persistentIdentifier: String?
    public var needsSave = false
    public var isEligibleForHandoff = true
    public var isEligibleForSearch = false
    public var isEligibleForPublicIndexing = false
    public var isEligibleForPrediction = false
    public weak var delegate: (any NSUserActivityDelegate)?
    /// Not Foundation API: whether `becomeCurrent()` was called since the last `resignCurrent()`.
    public private(set) var isCurrent = false
    /// Not Foundation API: false once `invalidate()` was called.
    public private(set) var isValid = true

    public init(activityType: String) {
      self.activityType = activityType
      super.init()
    }

    public func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
      var info = userInfo ?? [:]
      for (key, value) in otherDictionary { info[key] = value }
      userInfo = info
    }

    public func becomeCurrent() {
      guard isValid else { return }
      isCurrent = true
    }

    public func resignCurrent() { isCurrent = false }

    public func invalidate() {
      isCurrent = false
      isValid = false
    }
  }

  @preconcurrency @MainActor
  public protocol NSUserActivityDelegate: AnyObject {
    func userActivityWillSave(_ userActivity: NSUserActivity)
    func userActivityWasContinued(_ userActivity: NSUserActivity)
  }

  extension NSUserActivityDelegate {
    public func userActivityWillSave(_ userActivity: NSUserActivity) {}
    public func userActivityWasContinued(_ userActivity: NSUserActivity) {}
  }
#endif
