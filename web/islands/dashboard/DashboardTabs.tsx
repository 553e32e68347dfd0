import { type KeyboardEvent, useEffect, useRef } from 'react';
import * as styles from './DashboardIsland.css';
import { TABS, type TabId } from './dashboard-view';

/**
 * The tabs (WAI-ARIA tabs: arrows, Home and End move and select). The row keeps its minimum
 * width of 750 px (docs/product.md#admin-dashboard) and scrolls sideways below it, with shadows
 * at the edges that have more tabs; the selected tab is brought into view inside the row (a tab
 * restored from the address included) by scrolling the row alone: `scrollIntoView` would also
 * scroll the page down to the tabs on a phone (hiding the heading and 'Odjavi se').
 */
export function DashboardTabs({ tab, onSelect }: { tab: TabId; onSelect: (tab: TabId) => void }) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const scroller = useRef<HTMLDivElement | null>(null);
  const selected = TABS.findIndex((t) => t.id === tab);

  useEffect(() => {
    const row = scroller.current;
    const button = tabRefs.current[selected];
    if (row && button) row.scrollLeft = visibleScrollLeft(row, button);
  }, [selected]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key !== 'Home' && event.key !== 'End' && !move) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + move + TABS.length) % TABS.length;
    onSelect(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={styles.tabScroller} ref={scroller}>
      <div className={styles.tabList} role="tablist" aria-label="Statistika">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The row's scroll position that shows `button` whole, moving as little as possible. */
function visibleScrollLeft(row: HTMLElement, button: HTMLElement): number {
  const box = button.getBoundingClientRect();
  const start = box.left - row.getBoundingClientRect().left + row.scrollLeft;
  const end = start + box.width;
  if (start < row.scrollLeft) return start;
  if (end > row.scrollLeft + row.clientWidth) return end - row.clientWidth;
  return row.scrollLeft;
}
