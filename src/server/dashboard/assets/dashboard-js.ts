/**
 * The dashboard's script (served as /dashboard/assets/dashboard.js): only the copy button of a key
 * just created. The pages work without it: the button stays hidden and the key can be selected.
 */
export const DASHBOARD_JS = `'use strict';
(function () {
  var COPIED = 'Copied to the clipboard.';
  var SELECTED = 'The key is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.';

  function setUp(button) {
    var target = document.getElementById(button.getAttribute('data-copy-target') || '');
    if (!target) return;
    var status = document.querySelector('[data-copy-status]');
    function say(text) {
      if (status) status.textContent = text;
    }
    function select() {
      target.focus();
      target.select();
    }
    target.addEventListener('focus', function () {
      target.select();
    });
    button.hidden = false;
    button.addEventListener('click', function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(target.value).then(
          function () {
            say(COPIED);
          },
          function () {
            select();
            say(SELECTED);
          }
        );
      } else {
        select();
        say(SELECTED);
      }
    });
  }

  var buttons = document.querySelectorAll('[data-copy-target]');
  for (var i = 0; i < buttons.length; i++) setUp(buttons[i]);
})();
`;
