import type { DbHandle } from '../src/db/client';
import { clientActivities, clientCircuits } from '../src/lib/clients/classification.table';

/** Activities of the bench's signed-in list (`npm run bench`'s first measures). */
export const ACTIVITIES = 10_000;

/** ACTIVITIES generated activities over four circuits. */
export async function seedActivities(handle: DbHandle) {
  const circuits = await handle.db
    .insert(clientCircuits)
    .values(['Traditionnel', 'Moderne', 'CHR', 'Grossistes'].map((name) => ({ name })))
    .returning();
  const words = ['Épicerie', 'Superette', 'Café', 'Restaurant', 'Hôtel', 'Dépôt', 'Kiosque', 'Boulangerie', 'Pâtisserie', 'Pharmacie'];
  for (let i = 0; i < ACTIVITIES; i += 1000) {
    await handle.db.insert(clientActivities).values(
      Array.from({ length: 1000 }, (_, k) => {
        const n = i + k;
        return {
          name: `${words[n % words.length]} ${n}`,
          code: `ACT${String(n).padStart(5, '0')}`,
          circuitId: circuits[n % circuits.length].id,
          eCommerce: n % 2,
          fidelite: n % 3 === 0 ? 1 : 0,
        };
      }),
    );
  }
}
