#!/usr/bin/env bash
# ARCHITECTURE.md stays a map that is true: at most 250 lines, none over 300 characters; every
# crate, migration, app, script and crate source file it names exists; every crate is named.
# Then the code's own seams: features import no other feature, and no provider's wire leaves
# the provider crates. Part of `make test` (rust-checks). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=ARCHITECTURE.md
fail=0
problem() { echo "ARCHITECTURE.md: $*" >&2; fail=1; }

lines=$(wc -l < "$doc")
(( lines <= 250 )) || problem "$lines lines (at most 250: details belong in the modules' //! docs)"
awk -v f="$doc" 'length($0) > 300 { printf "%s:%d: %d characters (at most 300)\n", f, NR, length($0); bad=1 }
  END { exit bad }' "$doc" >&2 || fail=1

# Crates: every folder under crates/ is named in backticks; every `kanisa…` name in backticks
# that looks like a crate is one.
for dir in crates/*/; do
  name=$(basename "$dir")
  grep -q "\`$name\`" "$doc" || problem "crate $name is not named"
done
while read -r name; do
  [[ -d crates/$name ]] || problem "names crate $name, which does not exist"
done < <(grep -o '`kanisa-[a-z-]*`' "$doc" | tr -d '`' | sort -u)

# Migrations: a name it gives is a file (the files' own headers are the changelog, issue 43).
while read -r name; do
  [[ -f migrations/$name ]] || problem "names migration $name, which does not exist"
done < <(grep -oE '[0-9]{4}_[a-z0-9_]+\.sql' "$doc" | sort -u)

# Apps, scripts and folders named as paths.
while read -r path; do
  [[ -e $path ]] || problem "names $path, which does not exist"
done < <(grep -oE '(apps|policies|seeds|scripts|migrations)/[A-Za-z0-9_./-]*[A-Za-z0-9_]' "$doc" | sort -u)
while read -r script; do
  [[ -f scripts/$script ]] || problem "names scripts/$script, which does not exist"
done < <(grep -oE '`[a-z0-9-]+\.sh`' "$doc" | tr -d '`' | sort -u)
grep -oE '`bench-\*\.sh`' "$doc" >/dev/null && { ls scripts/bench-*.sh >/dev/null 2>&1 || problem "no scripts/bench-*.sh"; }

# Source files: `crate/src/x.rs` paths exist; a bare `x.rs` (or `x/`) in a crate's row exists in
# that crate.
while read -r path; do
  [[ -e crates/$path ]] || problem "names crates/$path, which does not exist"
done < <(grep -oE 'kanisa(-[a-z]+)*/src/[A-Za-z0-9_/]*(\.rs)?' "$doc" | sort -u)
while IFS= read -r row; do
  crate=$(sed -E 's/^\| `([a-z-]+)`.*/\1/' <<< "$row")
  [[ -d crates/$crate ]] || continue
  while read -r file; do
    found=$(find "crates/$crate/src" -path "*/${file%/}" -print -quit)
    [[ -n $found ]] || problem "the $crate row names $file, not found in crates/$crate/src"
  done < <(grep -oE '`[a-z_]+(\.rs|/)`' <<< "$row" | tr -d '`' | sort -u)
done < <(grep -E '^\| `kanisa[a-z-]*` \|' "$doc")

# The code's own seams (issue 43). The functions' features import no other feature and
# nothing from the crate's root: only the shared modules (what a feature needs of another
# comes as a capability).
code=0
code_problem() { echo "architecture: $*" >&2; code=1; }
functions=crates/kanisa-functions/src
shared='capabilities|channels|error|routes|secrets|sms|text'
for feature in submissions giving messaging backups signin ussd modes; do
  if [[ -d $functions/$feature ]]; then files=$(find "$functions/$feature" -name '*.rs'); else files=$functions/$feature.rs; fi
  for file in $files; do
    while read -r module; do
      [[ $module == "$feature" || $module =~ ^($shared)$ ]] ||
        code_problem "$file uses crate::$module: a feature imports only the shared modules ($shared), never another feature or the crate's root"
    done < <(grep -oE 'crate::[A-Za-z_]+' "$file" | sed 's/crate:://' | sort -u)
  done
done
# Providers own their wire: no source outside kanisa-payments and kanisa-notify (the fakes and
# tests speak it on purpose) names a provider's field, reply code, path, host or address.
wire='ResultCode|ResultDesc|Response(Code|Description)|CustomerMessage|stkCallback|CallbackMetadata'
wire+='|CheckoutRequestID|MerchantRequestID|MpesaReceiptNumber|BusinessShortCode|CustomerPayBillOnline'
wire+='|CallBackURL|Trans(ID|Time|Amount)|BillRefNumber|MSISDN|C2B[0-9]*|errorCode|SpikeArrest[A-Za-z]*'
wire+='|stkpush(query)?|processrequest|registerurl|billNumber|callbackType|transactionReference|stateCode'
wire+='|merchantCode|stkussdpush|callBackUrl|SMSMessageData|networkCode|failureReason|retryCount|bulkSMSMode'
wire+='|MessageSid|MessageStatus|ErrorCode|AccountSid|MessagingServiceSid|safaricom\.co\.ke|finserve\.africa'
wire+='|africastalking\.com|twilio\.com|196\.201\.21[234]\.[0-9]+'
while IFS= read -r hit; do
  code_problem "$hit: a provider's wire, which only kanisa-payments and kanisa-notify speak"
done < <(grep -rnowE "$wire" crates/*/src | grep -vE '^crates/kanisa-(payments|notify|fakes)/' |
  awk -F: '{ k = $1 ":" $2; w[k] = n[k]++ ? w[k] ", " $3 : $3 } END { for (k in w) print k " names " w[k] }' |
  sort -t: -k1,1 -k2,2n)

if (( fail )); then
  echo "ARCHITECTURE.md is out of date with the tree (scripts/architecture-check.sh)" >&2
  exit 1
fi
if (( code )); then
  echo "the code crosses a seam it must not (scripts/architecture-check.sh)" >&2
  exit 1
fi
echo "ARCHITECTURE.md: $lines lines, every name it gives exists, every crate named; the seams hold"
