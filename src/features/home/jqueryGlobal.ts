import $ from 'jquery';

// owl.carousel reads window.jQuery when its module runs, so this must be evaluated before it.
declare global {
  interface Window {
    jQuery: typeof $;
    $: typeof $;
  }
}
window.jQuery = $;
window.$ = $;
