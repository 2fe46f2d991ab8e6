^XA
^CC+
~CT#
+FO20,20+A0N,30,30+FDcaret ^ and tilde ~ print+FS
+CD;
+FO20;60+A0N;30;30+FDsemicolons+FS
#SD15
+CD,
+CC^
#CT~
^FO20,100^FDback^FS
^XZ
