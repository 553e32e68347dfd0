import { type KeyboardEvent, useEffect, useRef } from 'react';
import * as styles from './DashboardIsland.css';
import { TABS, type TabId } from './dashboard-view';

/**
 * The tabs (WAI-ARIA tabs: arrows, Home and End move and select). The row keeps its minimum
 * width of 750 px (docs/product.md#admin-dashboard) and scrolls sideways below it, with shadows
 * at the edges that have more tabs; the selected tab is scrolled into view (a tab restored from
 * the address included).
 */
export function DashboardTabs({ tab, onSelect }: { tab: TabId; onSelect: (tab: TabId) => void }) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = TABS.findIndex((t) => t.id === tab);

  useEffect(() => {
    tabRefs.current[selected]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
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
    <div className={styles.tabScroller}>
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
