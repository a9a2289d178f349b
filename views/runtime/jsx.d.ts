import 'react'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'portal-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'data-name': string
        'data-prefix': string
        'data-props': string
        'data-hydrate'?: 'visible' | 'intent' | 'demand'
        'data-src': string
      }
    }
  }
}
