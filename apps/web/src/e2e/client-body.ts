/** Classification and zone chief a test client hangs on (ids read from the demo data). */
export interface ClientRefs {
  type: number;
  circuit: number;
  activity: number;
  category?: number | null;
  chef: number | null;
}

/** A complete add-dialog body (the full required list of `POST clients`), for clients the browser tests create. */
export function fullClientBody(code: string, name: string, refs: ClientRefs, status = 0) {
  return {
    CODE_CLIENT: code,
    NAME: name,
    TVA: '1234567A',
    ADDRESS: 'Rue de Marseille, Tunis',
    TYPE_CLIENT_ID: refs.type,
    GSM: '98123456',
    CIRCUIT: refs.circuit,
    ACTIVITE: refs.activity,
    ...(refs.category ? { CATEGORY: refs.category } : {}),
    CHEF_ZONE_ID: refs.chef,
    IS_ACTIVE: 1,
    NUM_SIRET: 'S-1',
    C_PAYEUR: 'P-1',
    C_RISQUE: 'R-1',
    PERCENTAGE: '2.5',
    PAIEMENT: 'Chèque',
    DELAI_RECUPERATION: '30',
    CODE_COMPTABLE: '411000',
    SECTION: 'A',
    REPRESENTANT_1: 'Rep Un',
    REPRESENTANT_2: 'Rep Deux',
    OBSERVATIONS: 'RAS',
    GOUVERNORAT: 'Tunis',
    CITY: 'Tunis',
    FAX: '71123456',
    DELAI_LIVRAISON: '2',
    SITE: 'Tunis Nord',
    STATUS: status,
  };
}
