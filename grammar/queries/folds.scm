; Regions (function bodies, while/reduce bodies, branches), long attribute
; dictionaries and argument lists, and the resource block fold.
(region) @fold
(attribute_dictionary) @fold
(function_arguments) @fold
(dense_list) @fold
(file_metadata) @fold
