/// Every rule oplint has, sorted by code.
public enum RuleRegistry {
    /// The rule types, sorted by code. Codes are stable: never renumber.
    public static let all: [any Rule.Type] = [
        DependencyCycleRule.self,
        SelfDependencyRule.self,
        UnknownDependencyRule.self,
        DuplicateNameRule.self,
        NeverStartedRule.self,
        UnreachableOperationRule.self,
        RedundantDependencyRule.self,
        UnknownQueueRule.self,
        UnknownKeyRule.self,
        WaitDeadlockRule.self,
        SlotExhaustionRule.self,
        MainThreadWaitRule.self,
        ZeroWidthQueueRule.self,
        SuspendedForeverRule.self,
        NeverFinishesRule.self,
        ExclusivityDeadlockRule.self,
        GCDSyncSelfRule.self,
        PriorityInversionRule.self,
        CrossQueuePriorityRule.self,
        UnorderedConflictRule.self,
        DependencyAfterEnqueueRule.self,
        EnqueuedTwiceRule.self,
        StartNotReadyRule.self,
        CancelledDependencyRule.self,
        AnnotationSyntaxRule.self,
        UnresolvedReferenceRule.self,
        UnusedSuppressionRule.self,
        LinuxRemoveDependencyRule.self,
    ]

    /// A fresh instance of every rule.
    public static func makeAll() -> [any Rule] { all.map { $0.init() } }

    /// The rule with this code (`OPL101`, any case) or name (`dependency-cycle`).
    public static func rule(named key: String) -> (any Rule.Type)? {
        all.first { $0.description.id.code.uppercased() == key.uppercased() || $0.description.id.name == key }
    }
}
