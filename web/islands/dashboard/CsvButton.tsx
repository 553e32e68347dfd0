import { useState } from 'react';
import type { ExportTable } from '../../../src/shared/contracts/admin-range';
import type { SourceExport } from '../../../src/shared/contracts/admin-sources';
import { Button } from '../../components/Button/Button';
import { getAdminExport, type RangeParams } from '../../lib/api';

/**
 * 'Preuzmi CSV': the export of one table or chart for the range shown. The export sits behind
 * Basic auth with the credentials kept in sessionStorage, so a plain link would make the browser
 * ask for a password: the file is fetched with the credentials and saved from an object URL.
 */
export function CsvButton({
  credentials,
  table,
  range,
  label,
}: {
  credentials: string;
  table: ExportTable | SourceExport;
  range: RangeParams;
  /** What is exported, for screen readers ('Preuzmi CSV: statistika stihova'). */
  label: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const { blob, filename } = await getAdminExport(credentials, table, range);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      // After the browser has taken the file.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState('idle');
    } catch (error) {
      console.error('CSV:', error);
      setState('failed');
    }
  };
  return (
    <span data-csv={table}>
      <Button
        variant="secondary"
        onClick={download}
        disabled={state === 'busy'}
        aria-label={`Preuzmi CSV: ${label}`}
      >
        {state === 'busy' ? 'Preuzimanje…' : 'Preuzmi CSV'}
      </Button>
      {state === 'failed' && (
        <span role="alert" data-csv-error="">
          {' '}
          Preuzimanje nije uspjelo.
        </span>
      )}
    </span>
  );
}
