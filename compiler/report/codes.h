// Defines the long explanations of diagnostic codes (`tcc explain --code`,
// SARIF rule help). Their one source is compiler/trace/BREAKS.md, embedded in
// the binary at build time: a section headed `## slug (TSnnnn)` documents a
// code, and so does a row `| TSnnnn | slug | cause | fix |` of a table.
// tests/unit/report checks that every graph-break kind, tracer error and
// lint kind (TS4xxx, TS5xxx, TS7xxx) has one and that each names a real code.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics/diagnostics.h"

namespace tcc::report {

struct CodeDoc {
  std::string code;      // "TS4003"
  std::string slug;      // as written in BREAKS.md: "tensor_to_scalar"
  std::string anchor;    // GitHub heading anchor of its section
  std::string markdown;  // the section body (cause, example, fix)
};

// Every code BREAKS.md documents, in page order.
const std::vector<CodeDoc>& DocumentedCodes();
std::optional<CodeDoc> DocFor(std::string_view code);

// The kinds.def row of a code ("TS4003"), name ("TensorToScalar") or unique
// slug ("tensor_to_scalar"); null when there is none or the slug is ambiguous.
const DiagKindInfo* FindKind(std::string_view what);

const char* ToolVersion();          // the tcc version
std::string ToolUri();              // where tcc is published (TCC_DOCS_URL)
std::string HelpUri(const DiagKindInfo& k);  // BREAKS.md#anchor, or the page itself

// `tcc explain --code X` in text: the code's header line, its summary from
// kinds.def and its long explanation (or a note that it has none).
std::string ExplainCodeText(const DiagKindInfo& k);

}  // namespace tcc::report
