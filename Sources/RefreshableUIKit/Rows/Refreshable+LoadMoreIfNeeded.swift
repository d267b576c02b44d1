#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    extension Refreshable {
        /// Loads the next page when the row at `indexPath` is among the last `prefetchDistance` rows
        /// of the current source, and the page before the first loaded one when it is among the first
        /// (a page the page cap dropped, or newer items above a feed): call it from
        /// `tableView(_:willDisplay:forRowAt:)` or `collectionView(_:willDisplay:forItemAt:)`.
        ///
        /// ```swift
        /// func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        ///     loadMoreIfNeeded(forRowAt: indexPath)
        /// }
        /// ```
        ///
        /// Rows reach the end again as each page lands, so a screen taller than the content keeps
        /// loading until it is full. Nothing starts while a load of that end is in flight, once the
        /// list ended, or before the first page; after a failure, only the last row (or the first)
        /// coming on screen again retries, so scrolling near the end does not ask on every row, and
        /// not while the list is offline after a load that failed for that (`setOnline(true)` asks
        /// again). The rows are the current source's items, `currentItems`, in one section. The row
        /// is also where a refresh around the position reloads (``Refreshable/rowDidAppear(at:)``).
        /// - Parameters:
        ///   - indexPath: The row coming on screen.
        ///   - prefetchDistance: How many rows before either end a load starts, at least 1; `nil`
        ///     (the default) is one page (the policy's `pageSize`), as `RefreshListModel` does.
        public func loadMoreIfNeeded(forRowAt indexPath: IndexPath, prefetchDistance: Int? = nil) {
            rowDidAppear(at: indexPath.row)
            loadMoreIfNeeded(firstRow: indexPath.row, lastRow: indexPath.row, prefetchDistance: prefetchDistance)
        }

        /// Loads the next (or previous) page when one of the rows at `indexPaths` is near the end (or
        /// the start), as `loadMoreIfNeeded(forRowAt:prefetchDistance:)` does for one row: call it
        /// from `tableView(_:prefetchRowsAt:)` or `collectionView(_:prefetchItemsAt:)`.
        /// - Parameters:
        ///   - indexPaths: The rows about to be needed.
        ///   - prefetchDistance: How many rows before either end a load starts, at least 1; `nil`
        ///     (the default) is one page (the policy's `pageSize`).
        public func loadMoreIfNeeded(forRowsAt indexPaths: [IndexPath], prefetchDistance: Int? = nil) {
            let rows = indexPaths.map(\.row)
            guard let first = rows.min(), let last = rows.max() else { return }
            loadMoreIfNeeded(firstRow: first, lastRow: last, prefetchDistance: prefetchDistance)
        }

        private func loadMoreIfNeeded(firstRow: Int, lastRow: Int, prefetchDistance: Int?) {
            let state = refreshStatus[currentIndex]
            let count = state.items.count
            guard count > 0 else { return }
            let distance = max(prefetchDistance ?? refreshStatus.policy.pageSize, 1)
            if state.inFlight == nil, !state.noMoreData, lastRow >= count - distance,
                asksAgain(after: state.loadMoreFailure, fromTheEndRow: lastRow >= count - 1)
            {
                loadMore()
            }
            if !state.isRefreshing, state.previousInFlight == nil, !state.noPreviousData, firstRow < distance,
                asksAgain(after: state.loadPreviousFailure, fromTheEndRow: firstRow <= 0)
            {
                loadPrevious()
            }
        }

        /// Whether a row coming on screen asks again for an end whose last load failed: only the
        /// row at that end does, and not while the list is offline and the load failed for that.
        private func asksAgain(after failure: RefreshFailure?, fromTheEndRow isEndRow: Bool) -> Bool {
            guard let failure else { return true }
            return isEndRow && !(refreshStatus.isOffline && failure.reason == .offline)
        }
    }
#endif
