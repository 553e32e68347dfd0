/**
 * A part whose read the server refused: said so, with a retry, instead of an empty table. Apart
 * from DashboardIsland because every tab uses it.
 */
import { Button } from '../../components/Button/Button';
import { Notice } from '../../components/Notice/Notice';
import type { Section } from './load-admin-data';
import type { RangeSection } from './load-range-data';
import type { DashboardData } from './use-admin-data';

const sectionNames: Record<Section | RangeSection, string> = {
  lyrics: 'Statistiku stihova',
  songs: 'Statistiku pjesama',
  albums: 'Statistiku albuma',
  hourly: 'Vremensku statistiku',
  summary: 'Usporedbu s prethodnim razdobljem',
  daily: 'Dnevni trend',
  scores: 'Raspodjelu rezultata',
  devices: 'Uređaje i igrače',
  confusions: 'Najčešće zamjene',
};

/** The notice of a section the server refused, or null when it was read. */
export function unavailableNotice(data: DashboardData, reload: () => void) {
  return (section: Section | RangeSection) => {
    const status =
      section in data.unavailable
        ? data.unavailable[section as Section]
        : data.views.unavailable[section as RangeSection];
    return status === undefined ? null : (
      <Notice
        key={section}
        title={`${sectionNames[section]} nije moguće učitati.`}
        action={
          <Button variant="secondary" onClick={reload}>
            Pokušaj ponovno
          </Button>
        }
        data-unavailable={section}
      >
        Poslužitelj je odgovorio greškom {status}. Ostali podaci su prikazani.
      </Notice>
    );
  };
}
