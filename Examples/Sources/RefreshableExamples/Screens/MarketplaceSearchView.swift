import Foundation
import Observation
import Refreshable
import RefreshableSwiftUI
import SwiftUI

// A marketplace SEARCH screen, ported to RefreshableSwiftUI from its public docs only: a search
// field (debounced, 300 ms), a sort picker, results paged by an opaque cursor (30 a page), pull to
// refresh, load more near the end, an empty state per query, a first-page error with Retry, a
// footer error with Retry, a "new listings" check every 30 s while on screen, offline, leaving the
// screen mid-load, and the list saved for the next launch with its query.

/// One listing a search finds.
struct Listing: Identifiable, Sendable, Equatable, Codable {
    /// The listing's id, unique across the marketplace.
    let id: String
    /// The text a row shows.
    var title: String
    /// The price, in cents.
    var priceCents: Int
}

/// How results are sorted: the sort picker.
enum SearchSort: String, Sendable, Hashable, Codable, CaseIterable {
    /// Newest listings first.
    case newest
    /// Cheapest listings first.
    case price
}

/// What the server is asked: the text typed and the sort.
struct SearchQuery: Sendable, Hashable, Codable {
    /// The text in the search field, trimmed by the app.
    var text: String
    /// The sort picker's choice.
    var sort: SearchSort
}

/// One page of results as the app's client decodes it: the cursor of the next page, or none.
struct SearchResultsPage: Sendable {
    /// The page's listings.
    var listings: [Listing]
    /// The opaque cursor of the next page; `nil` at the end.
    var nextCursor: String?
}

/// The marketplace's search endpoint.
protocol MarketplaceSearchAPI: Sendable {
    /// One page of results for `query`, after `cursor` (`nil`: the first page).
    func search(_ query: SearchQuery, after cursor: String?) async throws -> SearchResultsPage
}

/// What the app saves at the background and puts back at the next launch: the query on screen and
/// its list.
struct SavedSearch: Sendable, Codable {
    /// The query the list belongs to.
    var query: SearchQuery
    /// The list, as the library saves it.
    var results: RefreshSnapshot<Listing>
}

/// The search screen's view model: the query, and the list of its results.
///
/// The loader reads the query from the model; a new query is set first, then the list is reset
/// (`results.reset()`), which cancels every load of the old query, so a late answer to it never
/// shows, and asks for the new query's first page.
@MainActor
@Observable
final class MarketplaceSearchModel {
    /// The page size the server uses.
    static let pageSize = 30
    /// How long typing must pause before the query changes.
    static let debounce: Duration = .milliseconds(300)
    /// How often, and how stale, the "new listings" check refreshes the first page.
    static let newListingsInterval: Duration = .seconds(30)

    /// The results list.
    @ObservationIgnored let results: RefreshListModel<Listing>
    /// The text in the search field, as typed (before the debounce).
    private(set) var searchText: String
    /// The query whose results are on screen.
    private(set) var query: SearchQuery

    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private var debounceTask: Task<Void, Never>?
    /// The query the loader asks with; read by the loader when a load runs.
    @ObservationIgnored private let asked: QueryBox

    /// Creates the screen's model.
    /// - Parameters:
    ///   - api: The search endpoint.
    ///   - query: The first query (an empty text lists every listing).
    ///   - clock: The clock of the debounce, the "new listings" check and the list's age.
    init(
        api: any MarketplaceSearchAPI, query: SearchQuery = SearchQuery(text: "", sort: .newest),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        let asked = QueryBox(query)
        self.asked = asked
        self.query = query
        self.searchText = query.text
        self.clock = clock
        results = RefreshListModel(
            noMoreTitles: ["No more results"],
            policy: RefreshPolicy(pageSize: Self.pageSize, paging: .cursors),
            identity: .id()
        ) { request in
            let page = try await api.search(asked.query, after: request.cursor)
            return RefreshPage(items: page.listings, nextCursor: page.nextCursor)
        }
        results.refreshStatus.setClock(clock)
        // Load more when the last row appears: the default, one page (30), is every row of a
        // one-page list, which would ask for page 2 as soon as a query's first page shows.
        results.prefetchDistance = 1
    }

    // MARK: What the view reads

    /// The empty state's text, when the query's list loaded with nothing in it.
    var emptyText: String? {
        results.isLoadedEmpty ? "No results for '\(query.text)'" : nil
    }

    // MARK: What the user does

    /// The search field changed: the query follows once typing pauses for ``debounce``.
    func searchTextDidChange(_ text: String) {
        searchText = text
        debounceTask?.cancel()
        let clock = clock
        debounceTask = Task { [weak self] in
            do {
                try await clock.sleep(for: Self.debounce)
            } catch {
                return
            }
            self?.apply(SearchQuery(text: text, sort: self?.query.sort ?? .newest))
        }
    }

    /// The sort picker changed: the query changes at once.
    func sortDidChange(_ sort: SearchSort) {
        apply(SearchQuery(text: query.text, sort: sort))
    }

    /// Puts a new query on screen: its list starts afresh, and nothing the old one asked for lands.
    private func apply(_ newQuery: SearchQuery) {
        guard newQuery != query else { return }
        query = newQuery
        asked.query = newQuery  // first what the loader reads,
        results.reset()  // then the new query's first page
    }

    /// Whether the first row is on screen: the "new listings" check runs only then, since its
    /// refresh replaces the rows, and a user who scrolled down would be sent back to the top.
    @ObservationIgnored private(set) var isAtTop = true

    /// A row came on screen: its `onAppear`.
    func rowDidAppear(_ listing: Listing) {
        if listing.id == results.items.first?.id {
            isAtTop = true
        }
    }

    /// A row left the screen: its `onDisappear`.
    func rowDidDisappear(_ listing: Listing) {
        if listing.id == results.items.first?.id {
            isAtTop = false
        }
    }

    /// The "new listings" check, for the view's `.task`: while the screen is on screen and its
    /// first row shows, every ``newListingsInterval`` it refreshes the first page if the list is
    /// that stale. SwiftUI cancels the task when the screen disappears, which ends the loop.
    func checkForNewListings() async {
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: Self.newListingsInterval)
            } catch {
                return
            }
            if isAtTop {
                _ = results.refreshIfStale(olderThan: Self.newListingsInterval)
            }
        }
    }

    /// The screen appeared: a query typed just before it left applies now, and the list loads if
    /// it never did (or refreshes a restored list behind its rows).
    func screenDidAppear() {
        if searchText != query.text {
            apply(SearchQuery(text: searchText, sort: query.sort))
        }
        results.setUp()
    }

    /// The screen disappeared: its loads stop (the rows stay).
    func screenDidDisappear() {
        debounceTask?.cancel()
        results.cancelLoading()
    }

    // MARK: Saving

    /// The query on screen and its list, for the next launch.
    func save() -> SavedSearch {
        SavedSearch(query: query, results: results.snapshot())
    }

    /// Puts a saved search back before the screen appears: the saved rows show at once and
    /// refresh behind them when the screen appears.
    func restore(_ saved: SavedSearch) {
        query = saved.query
        searchText = saved.query.text
        asked.query = saved.query
        try? results.restore(from: saved.results)  // a refused snapshot leaves an empty list
    }
}

/// The query the loader reads, shared between the model and its loader closure.
@MainActor
private final class QueryBox {
    var query: SearchQuery
    init(_ query: SearchQuery) { self.query = query }
}

/// The search screen. `@MainActor` spelled out for SDKs before iOS 18, whose `View` is not isolated
/// to the main actor as a whole: the initializer makes the main-actor model.
@MainActor
struct MarketplaceSearchView: View {
    @State private var model: MarketplaceSearchModel
    @SceneStorage("search") private var savedSearch: Data?
    /// Whether the saved search went back (or there was none): the list shows from then on.
    @State private var isRestored = false
    @Environment(\.scenePhase) private var scenePhase

    init(api: any MarketplaceSearchAPI) {
        _model = State(wrappedValue: MarketplaceSearchModel(api: api))
    }

    var body: some View {
        let model = model
        let results = model.results
        VStack {
            Picker(
                "Sort",
                selection: Binding(
                    get: { @MainActor in model.query.sort },
                    set: { @MainActor in model.sortDidChange($0) })
            ) {
                Text("Newest").tag(SearchSort.newest)
                Text("Price").tag(SearchSort.price)
            }
            .pickerStyle(.segmented)
            if isRestored {
                List {
                    ForEach(results.items) { listing in
                        Text(listing.title)
                            .refreshListRow(listing, in: results)
                            .onAppear { model.rowDidAppear(listing) }
                            .onDisappear { model.rowDidDisappear(listing) }
                    }
                    if results.isLoadingMore { ProgressView() }
                    if let failure = results.loadMoreFailure {
                        Text(failure.message)
                        Button("Retry") { results.loadMore() }
                    }
                    if let text = results.noMoreText { Text(text) }
                }
                .refreshable(results)
                .overlay {
                    if let failure = results.placeholder {
                        VStack {
                            Text(failure.message)
                            Button("Retry") { results.retry() }
                        }
                    } else if let empty = model.emptyText {
                        Text(empty)
                    }
                }
            } else {
                ProgressView()  // one frame: the saved search goes back before the list sets itself up
            }
        }
        .searchable(
            text: Binding(
                get: { @MainActor in model.searchText },
                set: { @MainActor in model.searchTextDidChange($0) })
        )
        .task {
            // Before the list shows: `.refreshable(results)` sets it up from a task of its own,
            // and a restore after that would cancel the first page it asked for.
            if !isRestored, let savedSearch,
                let saved = try? JSONDecoder().decode(SavedSearch.self, from: savedSearch)
            {
                model.restore(saved)
            }
            isRestored = true
            model.screenDidAppear()
            await model.checkForNewListings()
        }
        .onDisappear { model.screenDidDisappear() }
        .onChange(of: scenePhase) { _, phase in
            if phase == .background {
                savedSearch = try? JSONEncoder().encode(model.save())
            }
        }
    }
}
