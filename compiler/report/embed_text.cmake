# Writes a C++ file defining `extern const char NAME[]` with the text of INPUT
# (cmake -DINPUT=... -DOUTPUT=... -DNAME=... -P embed_text.cmake). Used to
# build the long explanations of `tcc explain --code` from BREAKS.md, so the
# page and the command have one source.
file(READ ${INPUT} text)
string(FIND "${text}" ")tcc_embed\"" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter")
endif()
file(WRITE ${OUTPUT}.tmp "// Generated from ${INPUT} by embed_text.cmake; do not edit.\nextern const char ${NAME}[];\nconst char ${NAME}[] = R\"tcc_embed(${text})tcc_embed\";\n")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
