/**
 * The dashboard's script (served as /dashboard/assets/dashboard.js): the copy button of a secret
 * shown once, and the progress of a running job (its page's data-job-progress section, polled
 * every 2 s from the URL it names until the job ends, then the page reloads to show its end). The
 * pages work without it: the button stays hidden and the secret can be selected; the job page says
 * to reload it.
 */
'use strict';
(function () {
  // Each page is written in its visitor's language: what the script says comes with the page.
  var LANGUAGE = document.documentElement.lang || 'en';

  function setUp(button) {
    var target = document.getElementById(button.getAttribute('data-copy-target') || '');
    if (!target) return;
    var status = document.querySelector('[data-copy-status]');
    var COPIED = (status && status.getAttribute('data-copied')) || 'Copied to the clipboard.';
    var SELECTED = (status && status.getAttribute('data-selected')) || 'The key is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.';
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

  function followJob(section) {
    var url = section.getAttribute('data-job-progress');
    var bar = section.querySelector('progress');
    var reload = section.querySelector('[data-job-reload]');
    if (reload) reload.hidden = true;
    function text(selector, value) {
      var node = section.querySelector(selector);
      if (node) node.textContent = value;
    }
    function count(n) {
      return Number(n).toLocaleString(LANGUAGE === 'en' ? 'en-US' : LANGUAGE);
    }
    function poll() {
      fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(
        function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        }
      ).then(
        function (job) {
          if (bar) {
            bar.max = job.total;
            bar.value = job.done;
          }
          text('[data-job-status]', job.statusText || job.status);
          text('[data-job-done]', count(job.done));
          text('[data-job-valid]', count(job.valid));
          text('[data-job-invalid]', count(job.invalid));
          if (job.status === 'queued' || job.status === 'running') setTimeout(poll, 2000);
          else window.location.reload();
        },
        function () {
          // Signed out, or the service away: the page says how to see the progress.
          if (reload) reload.hidden = false;
        }
      );
    }
    setTimeout(poll, 2000);
  }

  var jobs = document.querySelectorAll('[data-job-progress]');
  for (var j = 0; j < jobs.length; j++) followJob(jobs[j]);
})();
