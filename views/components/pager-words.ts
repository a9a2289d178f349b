import { arabicCount, catalogue } from '../../src/shared/words.js'

/** The pager's words (issue 31), in each language: the islands that page a list carry them. */
export const pagerWords = /* @__PURE__ */ catalogue({
  fr: {
    label: 'Pagination',
    results: (total: number) => `${total} résultat${total > 1 ? 's' : ''}`,
    previous: 'Précédent',
    next: 'Suivant',
    page: 'Page ',
    pageNumber: (page: number) => `Page ${page}`,
  },
  ar: {
    label: 'ترقيم الصفحات',
    results: (total: number) => (total === 0 ? 'لا توجد نتائج' : arabicCount(total, { one: 'نتيجة واحدة', two: 'نتيجتان', few: 'نتائج', many: 'نتيجة', other: 'نتيجة' })),
    previous: 'السابق',
    next: 'التالي',
    page: 'الصفحة ',
    pageNumber: (page: number) => `الصفحة ${page}`,
  },
})
