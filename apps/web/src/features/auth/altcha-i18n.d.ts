// altcha's package map points the i18n types at files it does not ship; the module only registers strings.
declare module 'altcha/i18n/fr-fr';
