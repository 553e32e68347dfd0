import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/** `/uzivo`: the host's screen for a projector (docs/decisions/031-live-game.md). */
export function PartyHostPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page} width="wide">
      <Island name="party-host" props={{}} />
    </Layout>
  );
}

/** `/uzivo/pridruzi`: a player's phone. */
export function PartyJoinPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="party-player" props={{ artist: page.artist, siteUrl: page.siteUrl }} />
    </Layout>
  );
}
