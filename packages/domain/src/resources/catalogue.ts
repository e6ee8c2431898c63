import { CATALOGUE_PAGE_SIZE, type ProductCategory, type SubCategory, type Tarif } from '../catalogue';
import { type Brand, type Product, type ProductPoint, PRODUCTS_PAGE_SIZE } from '../products';
import type { ResourceMeta } from './meta';

export const brandsMeta = {
  path: 'brands',
  audit: 'Marques',
  noun: 'cette marque',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME'],
  labels: { NAME: 'Nom', LABEL: 'Libellé' },
  export: { fileName: 'marques', title: 'Marques', orientation: 'portrait' },
} as const satisfies ResourceMeta<Brand>;

export const productCategoriesMeta = {
  path: 'categories',
  audit: 'Catégories de produits',
  noun: 'cette catégorie',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'Ordre', order: 'asc' },
  sortable: ['CODE_CATEGORIE', 'NAME', 'Ordre'],
  labels: {
    'MEDIA.original_url': 'Image',
    CODE_CATEGORIE: 'Code',
    NAME: 'Nom de la catégorie',
    Ordre: 'Ordre',
    LABEL: 'Libellé',
  },
  titles: { add: 'Ajouter une catégorie', edit: 'Modifier la catégorie', view: 'Détails de la catégorie' },
  export: { fileName: 'categories', title: 'Catégories de produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<ProductCategory>;

export const productPointsMeta = {
  path: 'showProductPoint',
  audit: 'Points produits',
  noun: 'cette période',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'DATE_DEBUT', order: 'desc' },
  sortable: ['PRODUCT_REF', 'LABEL', 'points', 'DATE_DEBUT', 'DATE_FIN'],
  labels: {
    PRODUCT_REF: 'Référence',
    LABEL: 'Produit',
    points: 'Points',
    DATE_DEBUT: 'Date début',
    DATE_FIN: 'Date fin',
  },
  titles: { add: 'Ajouter des points produit', edit: 'Modifier les points produit', view: 'Détails des points produit' },
  export: { fileName: 'points-produits', title: 'Points produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<ProductPoint>;

export const productsMeta = {
  path: 'products',
  audit: 'Produits',
  noun: 'ce produit',
  perPage: PRODUCTS_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'REF', 'LABEL', 'CATEGORY_NAME', 'PRICE_HT', 'PRICE_TTC', 'POINTS', 'IS_NEW', 'VISIBLE', 'ORDER_NEW', 'QTE'],
  labels: {
    position: 'Position',
    'MEDIA.0.original_url': 'Image',
    LABEL: 'Désignation',
    CATEGORY_NAME: 'Marque',
    PRICE_HT: 'Prix HT',
    PRICE_TTC: 'Prix TTC',
    POINTS: 'Points',
    IS_NEW: 'Nouveau',
    VISIBLE: 'Vendable',
    REF: 'Référence',
    LABEL_AR: 'Désignation (arabe)',
  },
  titles: { add: 'Ajouter un produit', edit: 'Modifier le produit', view: 'Détails du produit' },
  export: { fileName: 'produits', title: 'Produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<Product>;

export const subCategoriesMeta = {
  path: 'sub_categories',
  audit: 'Gammes',
  noun: 'cette gamme',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'LABEL', 'CODE_CATEGORIE'],
  labels: { 'MEDIA.original_url': 'Image', NAME: 'Nom', LABEL: 'Libellé', CODE_CATEGORIE: 'Code catégorie' },
  titles: { add: 'Ajouter une gamme', edit: 'Modifier la gamme', view: 'Détails de la gamme' },
  export: { fileName: 'gammes', title: 'Gammes', orientation: 'landscape' },
} as const satisfies ResourceMeta<SubCategory>;

export const tarifsMeta = {
  path: 'tarifs',
  audit: 'Tarifs',
  noun: 'ce tarif',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'MSTRDAT', order: 'desc' },
  sortable: ['ARTICLE', 'REMISE', 'MSTRDAT', 'MENDDAT', 'PHT', 'CIRCUIT'],
  labels: {
    ARTICLE: 'Article',
    PRODUCT_LABEL: 'Produit',
    REMISE: 'Remise',
    MSTRDAT: 'Date début',
    MENDDAT: 'Date fin',
    PHT: 'Prix HT',
    CIRCUIT: 'Circuit',
    DESCRIPTION: 'Description',
  },
  titles: { add: 'Ajouter un tarif', edit: 'Modifier le tarif', view: 'Détails du tarif' },
  export: { fileName: 'tarifs', title: 'Tarifs', orientation: 'landscape' },
} as const satisfies ResourceMeta<Tarif>;
