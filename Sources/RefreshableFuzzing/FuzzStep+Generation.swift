import Refreshable
import RefreshableTesting

/// Random hostile steps, drawn from a seed.
extension FuzzStep {
    /// A sequence of `count` steps for `target`, under `configuration`, from `random`.
    static func sequence(
        count: Int,
        target: FuzzTarget,
        configuration: FuzzConfiguration,
        _ random: inout SplitMix64
    ) -> [FuzzStep] {
        var steps: [FuzzStep] = []
        steps.reserveCapacity(count)
        for index in 0..<count {
            switch target {
            case .sources:
                steps.append(nextForSources(&random, configuration))
            case .adopter, .asyncAdopter, .listModel:
                steps.append(index == 0 ? .user(.appear) : nextForAdopter(&random, configuration, target: target))
            }
        }
        return steps
    }

    private static func nextForSources(_ random: inout SplitMix64, _ configuration: FuzzConfiguration) -> FuzzStep {
        let source = random.below(4)
        switch random.below(100) {
        case 0..<11:
            return .begin(.refresh, source: source)
        case 11..<25:
            return .begin(.loadMore, source: source)
        case 25..<31:
            return .begin(.loadPrevious, source: source)
        case 31..<63:
            return .answer(pick(&random), answer(&random, configuration))
        case 63..<67:
            return .forgedAnswer(forgery(&random), answer(&random, configuration))
        case 67..<75:
            return .fail(pick(&random))
        case 75..<79:
            return .cancel(source: source)
        case 79..<90:
            return configuration.duplicates == nil && !configuration.changes
                ? .begin(.loadMore, source: source) : .edit(edit(&random))
        default:
            return configuration.changes
                ? .change(change(&random, adopter: false)) : .answer(pick(&random), answer(&random, configuration))
        }
    }

    private static func nextForAdopter(
        _ random: inout SplitMix64,
        _ configuration: FuzzConfiguration,
        target: FuzzTarget
    ) -> FuzzStep {
        switch random.below(100) {
        case 0..<9:
            return .user(.refresh)
        case 9..<20:
            return .user(.loadMore)
        case 20..<24:
            return .user(.loadPrevious)
        case 24..<30:
            return .user(.switchSource(random.below(4)))
        case 30..<32:
            return .user(.appear)
        case 32..<35:
            return .user([.retry, .retryNow, .refreshIfStale, .setOnline(false), .setOnline(true)][random.below(5)])
        case 35..<41:
            guard target == .listModel else { return .user(.loadMore) }
            let row = random.below(24)
            return .user(random.below(3) == 0 ? .rowDisappears(row) : .rowAppears(row))
        case 41..<68:
            return .answer(pick(&random), answer(&random, configuration))
        case 68..<70:
            guard target != .listModel else { return .answer(pick(&random), answer(&random, configuration)) }
            return .forgedAnswer(forgery(&random), answer(&random, configuration))
        case 70..<78:
            return .fail(pick(&random))
        case 78..<81:
            return .cancel(source: random.below(4))
        case 81..<89:
            return configuration.duplicates == nil && !configuration.changes ? .user(.loadMore) : .edit(edit(&random))
        default:
            return configuration.changes
                ? .change(change(&random, adopter: true)) : .answer(pick(&random), answer(&random, configuration))
        }
    }

    /// Three answers in four go to a load in flight; the others to any load ever asked for.
    private static func pick(_ random: inout SplitMix64) -> FuzzPick {
        random.below(4) == 0 ? .any(random.below(16)) : .inFlight(random.below(4))
    }

    private static func forgery(_ random: inout SplitMix64) -> FuzzForgery {
        switch random.below(4) {
        case 0: return .source([Int.min, -1, 3, Int.max][random.below(4)], pick: random.below(16))
        case 1: return .generation(pick: random.below(16))
        default: return .page(pick: random.below(16))
        }
    }

    /// An answer of a plausible size whose signals are hostile about one time in four.
    private static func answer(_ random: inout SplitMix64, _ configuration: FuzzConfiguration) -> FuzzAnswer {
        let pageSize = min(configuration.policy.pageSize, 8)
        let count: Int
        switch random.below(20) {
        case 0, 1: count = 0
        case 2..<7: count = 1 + random.below(max(pageSize - 1, 1))
        case 7: count = pageSize + 1 + random.below(3)
        default: count = pageSize
        }
        var answer = FuzzAnswer(count: count)
        if count > 0, random.below(3) == 0 {
            answer.copies = 1 + random.below(count)
        }
        if count > 1, random.below(12) == 0 {
            answer.twins = 1 + random.below(count - 1)
        }
        switch random.below(4) {
        case 0: answer.hasMore = true
        case 1: answer.hasMore = false
        default: break
        }
        answer.curPage = number(&random, fitting: [0], hostile: [-1, 1], extremes: [Int.min, -1, 0, Int.max])
        answer.pageCount = number(
            &random, fitting: [0, 1, 2], hostile: [-1, -2], extremes: [Int.min, -1, 0, Int.max])
        answer.totalCount = number(&random, fitting: [0, 1, 4], hostile: [-1, -3], extremes: [Int.min, -1, Int.max])
        let byCursor = configuration.policy.paging == .cursors
        answer.nextCursor = cursor(&random, absent: byCursor ? 3 : 16)
        answer.previousCursor = cursor(&random, absent: byCursor ? 6 : 16)
        return answer
    }

    /// Absent three times in five; else fitting, then off by a little, then an extreme value.
    private static func number(
        _ random: inout SplitMix64,
        fitting: [Int],
        hostile: [Int],
        extremes: [Int]
    ) -> FuzzNumber? {
        switch random.below(20) {
        case 0..<12: return nil
        case 12..<17: return .relative(fitting[random.below(fitting.count)])
        case 17, 18: return .relative(hostile[random.below(hostile.count)])
        default: return .exactly(extremes[random.below(extremes.count)])
        }
    }

    /// Absent `absent` times in twenty; else mostly a new cursor, sometimes one that cycles.
    private static func cursor(_ random: inout SplitMix64, absent: Int) -> FuzzCursor? {
        let roll = random.below(20)
        guard roll >= absent else { return nil }
        switch random.below(20) {
        case 0: return .asked
        case 1, 2: return .earlier(random.below(4))
        case 3: return .empty
        default: return .fresh
        }
    }

    private static func edit(_ random: inout SplitMix64) -> FuzzEdit {
        let id: FuzzID
        switch random.below(10) {
        case 0..<5: id = .held(random.below(16))
        case 5..<7: id = .sent(random.below(16))
        case 7: id = .junk([Int.min, -1, 0, Int.max][random.below(4)])
        default: id = .fresh
        }
        switch random.below(3) {
        case 0: return .update(id)
        case 1: return .remove(id)
        default:
            // A quarter of the insertions are items sent from this device (rule I4): drawn from the
            // same number, so the steps after it stay what they were.
            let position = random.below(32)
            return position < 24 ? .insert(id, position: position) : .insertPending(id, position: position)
        }
    }

    private static func change(_ random: inout SplitMix64, adopter: Bool) -> FuzzChange {
        let roll = random.below(adopter ? 15 : 12)
        switch roll {
        case 0: return .pageSize([1, 2, 3, 20, Int.max][random.below(5)])
        case 1: return .firstPage([0, 1, 2, Int.max][random.below(4)])
        case 2: return .curPageOffset([0, 1, -1, Int.min, Int.max][random.below(5)])
        case 3: return .conflictRule([.refreshWins, .latestRefreshWins, .inFlightWins][random.below(3)])
        case 4: return .maxPages([nil, 1, 2, 3, Int.max][random.below(5)])
        case 5: return .paging(random.below(2) == 0 ? .pageNumbers : .cursors)
        case 6, 7: return .identity([nil, .keepHeld, .takeNewer][random.below(3)])
        case 8, 9: return .appendSource
        case 10, 11: return .resetSource(random.below(4))
        case 12: return .replaceSources(count: 1 + random.below(4))
        case 13: return .saveSources
        default: return .restoreSources
        }
    }
}
