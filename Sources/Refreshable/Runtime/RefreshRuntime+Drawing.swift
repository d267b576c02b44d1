/// Drawing: driving the controls and the placeholder to what the state calls for.
extension RefreshRuntime {
    /// Drives header, footer and placeholder to what the current source's state calls for.
    ///
    /// A render asked for while one runs (a placeholder's retry tapped from inside
    /// `showFailurePlaceholder`, a control's action sent from `beginRefreshing()`) runs after it,
    /// from the state as it is then. When a control may not show the wanted state yet (MJRefresh
    /// applies commands on the main queue's next turn), one more render runs on the main actor then,
    /// unless `allowingRecheck` is `false`. `afterQueueRan` marks that check: the ends sent before
    /// it applied.
    func render(allowingRecheck: Bool = true, afterQueueRan: Bool = false) {
        if isRendering {
            renderAgain = true
            return
        }
        isRendering = true
        defer { isRendering = false }
        var lags = false
        var passes = 0
        repeat {
            renderAgain = false
            lags = drawOnce(afterQueueRan: afterQueueRan && passes == 0)
            passes += 1
        } while renderAgain && passes < 16
        if allowingRecheck, lags {
            // Scheduled after this draw's commands, so it runs once the controls applied them.
            recheckToken &+= 1
            let token = recheckToken
            Task { [weak self] in
                guard let self, self.recheckToken == token else { return }
                self.render(allowingRecheck: false, afterQueueRan: true)
            }
        }
    }

    /// One pass; returns whether a control may not show its wanted state yet.
    private func drawOnce(afterQueueRan: Bool) -> Bool {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let appearance = RefreshAppearance(state: state[index])
        let controls = host?.controls ?? Controls()
        let footerLags = ControlDriver.drive(
            controls.footer, record: records.footer, to: appearance.footer, hidden: appearance.isFooterHidden,
            afterQueueRan: afterQueueRan)
        let headerLags = ControlDriver.drive(
            controls.header, record: records.header, to: appearance.header, afterQueueRan: afterQueueRan)
        let previousLags = ControlDriver.drive(
            controls.previous, record: records.previous, to: appearance.previous, hidden: appearance.isFooterHidden,
            afterQueueRan: afterQueueRan)
        drawPlaceholder(appearance.placeholder, source: index)
        publishStatuses(for: appearance)
        host?.didRender(appearance)
        return footerLags || headerLags || previousLags
    }

    private func drawPlaceholder(_ placeholder: RefreshFailure?, source: Int) {
        guard let listView = host?.listView else {
            shownPlaceholder = nil
            return
        }
        let id = ObjectIdentifier(listView)
        if let shown = shownPlaceholder, shown.list == id, shown.failure == placeholder {
            return
        }
        let known = shownPlaceholder?.list == id
        // Recorded before the call: a retry tapped from inside it renders from this record.
        shownPlaceholder = (id, placeholder)
        if let placeholder {
            listView.showFailurePlaceholder(placeholder) { [weak self] in
                // A retry of a placeholder no longer shown (its source was switched away from,
                // reloaded, or replaced) does nothing.
                guard let self, self.shownPlaceholder?.failure == placeholder else { return }
                self.startLoad(.refresh, source: source)
            }
        } else if known {
            listView.hideFailurePlaceholder()
        }
    }

    private func publishStatuses(for appearance: RefreshAppearance) {
        guard let output = statusOutput else { return }
        var target = appearance
        target.placeholder = nil
        guard target != output.published else { return }
        statusOutput?.published = target
        output.relay.publish(target.statuses(from: output.published), reaching: target)
    }
}
